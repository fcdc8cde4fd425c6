import path from 'node:path';
import { z } from 'zod';
import type { DatabaseOptions } from '../storage/index.js';
import { ConfigError } from './config/ConfigError.js';
import { port, positiveInt, trimmedNonEmpty, trueOrFalse, wholeNumber } from './config/readers.js';
import { trustedProxyEntryProblem } from './net/TrustedProxies.js';

export { ConfigError } from './config/ConfigError.js';
export { developmentDefaults } from './config/developmentDefaults.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const logFormats = ['auto', 'json', 'pretty'] as const;

const oidcSlots = [1, 2, 3] as const;
const oidcFields = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'NAME'] as const;

function oidcProviderVariables() {
  const shape: Record<string, z.ZodOptional<z.ZodString | z.ZodURL>> = {};
  for (const n of oidcSlots) {
    shape[`BOARDS_OIDC_${n}_ISSUER`] = z.url({ protocol: /^https?$/, error: 'must be the issuer URL of an OpenID provider' }).optional();
    shape[`BOARDS_OIDC_${n}_CLIENT_ID`] = z.string().min(1).optional();
    shape[`BOARDS_OIDC_${n}_CLIENT_SECRET`] = z.string().min(1).optional();
    shape[`BOARDS_OIDC_${n}_NAME`] = z.string().min(1).max(60, { error: 'must be at most 60 characters' }).optional();
  }
  return shape;
}

/** An OpenID Connect identity provider people can sign in with. */
export interface OidcProviderConfig {
  /** 1 to 3: the N of `BOARDS_OIDC_<N>_*`; also the provider's id in sign-in URLs. */
  readonly slot: number;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Shown on the sign-in button ("Continue with <name>"). */
  readonly name: string;
}

/** The AI assistant's variables (see `Config.ai` and docs/ai.md). */
const aiVariables = {
  BOARDS_AI_PROVIDER: z.enum(['builtin', 'openai'], { error: 'must be builtin or openai' }).default('builtin'),
  BOARDS_AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) base URL of an OpenAI-compatible API, such as https://api.openai.com/v1' }).default('https://api.openai.com/v1'),
  BOARDS_AI_API_KEY: z.string().min(1).optional(),
  BOARDS_AI_MODEL: z.string().trim().min(1, { error: 'must name a model' }).max(200).default('gpt-4o-mini'),
  BOARDS_AI_TIMEOUT_MS: positiveInt('a positive whole number of milliseconds').default(60_000),
  BOARDS_AI_MAX_RETRIES: wholeNumber(0, 10, 'must be a whole number from 0 to 10').default(2),
  BOARDS_AI_STRUCTURED_OUTPUT: z.enum(['json_schema', 'json_object'], { error: 'must be json_schema or json_object' }).default('json_schema'),
  BOARDS_AI_JOBS_PER_WORKSPACE: positiveInt('a positive whole number of jobs').default(2),
};

/** The environment variables the server reads, with their defaults and rules. */
const envSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    BOARDS_HOST: trimmedNonEmpty().default('127.0.0.1'),
    BOARDS_PORT: port.default(8080),
    BOARDS_PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://boards.example.com' })
      .optional(),
    BOARDS_DATA_DIR: trimmedNonEmpty().default('./data'),
    BOARDS_STORAGE: z.enum(['sqlite', 'mongodb', 'postgres'], { error: 'must be sqlite, mongodb or postgres' }).default('sqlite'),
    BOARDS_MONGODB_URL: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\/.+/, { error: 'must be a mongodb:// or mongodb+srv:// connection string' })
      .optional(),
    BOARDS_POSTGRES_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// connection string' })
      .optional(),
    BOARDS_LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
    BOARDS_LOG_FORMAT: z.enum(logFormats, { error: `must be one of ${logFormats.join(', ')}` }).default('auto'),
    BOARDS_RATE_LIMIT_PER_MINUTE: positiveInt('a positive whole number of requests').default(600),
    BOARDS_SHUTDOWN_GRACE_MS: positiveInt('a positive whole number of milliseconds').default(10_000),
    BOARDS_SYNC_MAX_MESSAGE_BYTES: positiveInt('a positive whole number of bytes').default(4 * 1024 * 1024),
    BOARDS_SYNC_MAX_CONNECTIONS_PER_BOARD: positiveInt('a positive whole number of connections').default(1000),
    BOARDS_SYNC_MESSAGES_PER_SECOND: positiveInt('a positive whole number of messages').default(200),
    BOARDS_SYNC_COALESCE_MS: wholeNumber(0, 50, 'must be a whole number of milliseconds from 0 to 50').default(0),
    BOARDS_SQLITE_SYNCHRONOUS: z.enum(['full', 'normal'], { error: 'must be full or normal' }).default('full'),
    BOARDS_MAX_DOCUMENT_BYTES: positiveInt('a positive whole number of bytes').default(16 * 1024 * 1024),
    BOARDS_SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    BOARDS_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    BOARDS_MAIL_FROM: z.string().min(3, { error: 'must be an address such as Boards <no-reply@example.com>' }).default('Boards <no-reply@localhost>'),
    BOARDS_DEV_OUTBOX: z.string().min(1, { error: 'must not be empty' }).optional(),
    BOARDS_NOTIFICATIONS_QUIET_MS: positiveInt('a positive whole number of milliseconds').default(300_000),
    BOARDS_NOTIFICATIONS_EMAIL_MS: positiveInt('a positive whole number of milliseconds').default(900_000),
    BOARDS_WEB_EVENT_STREAMS_PER_USER: positiveInt('a positive whole number of streams').default(10),
    BOARDS_WEB_EVENT_HEARTBEAT_MS: positiveInt('a positive whole number of milliseconds').default(25_000),
    BOARDS_WEBHOOKS_ALLOW_PRIVATE: trueOrFalse().default('false'),
    BOARDS_CHECK_RESPONSES: trueOrFalse().optional(),
    BOARDS_METRICS_TOKEN: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .max(512, { error: 'must be at most 512 characters' })
      .regex(/^[A-Za-z0-9._~+/=-]+$/, { error: 'must be a bearer token: letters, digits and . _ ~ + / = - only' })
      .optional(),
    BOARDS_METRICS_PORT: port.optional(),
    BOARDS_METRICS_HOST: trimmedNonEmpty().optional(),
    BOARDS_TRUSTED_PROXIES: z
      .string()
      .transform((list) => list.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
      .superRefine((entries, ctx) => {
        for (const entry of entries) {
          const problem = trustedProxyEntryProblem(entry);
          if (problem !== null) ctx.addIssue({ code: 'custom', message: `must list IP addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8: ${problem}` });
        }
      })
      .optional(),
    BOARDS_REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379' }).optional(),
    ...oidcProviderVariables(),
    ...aiVariables,
  })
  .superRefine((env, ctx) => {
    for (const n of oidcSlots) {
      const vars = env as Record<string, unknown>;
      const set = oidcFields.filter((f) => vars[`BOARDS_OIDC_${n}_${f}`] !== undefined);
      if (set.length === 0) continue;
      // Name every missing variable, so one restart is enough to fix the slot.
      for (const missing of oidcFields.filter((f) => vars[`BOARDS_OIDC_${n}_${f}`] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [`BOARDS_OIDC_${n}_${missing}`], message: `is required when another BOARDS_OIDC_${n}_* variable is set` });
      }
    }
    if (env.BOARDS_METRICS_PORT !== undefined && env.BOARDS_METRICS_PORT !== 0 && env.BOARDS_METRICS_PORT === env.BOARDS_PORT) {
      ctx.addIssue({ code: 'custom', path: ['BOARDS_METRICS_PORT'], message: 'must differ from BOARDS_PORT (leave it unset to serve /metrics on the main port)' });
    }
    if (env.BOARDS_METRICS_HOST !== undefined && env.BOARDS_METRICS_PORT === undefined) {
      ctx.addIssue({ code: 'custom', path: ['BOARDS_METRICS_HOST'], message: 'is only used with BOARDS_METRICS_PORT; set that too, or unset this' });
    }
    if (env.BOARDS_STORAGE === 'mongodb' && !env.BOARDS_MONGODB_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOARDS_MONGODB_URL'],
        message: 'is required when BOARDS_STORAGE=mongodb',
      });
    }
    if (env.BOARDS_STORAGE === 'postgres' && !env.BOARDS_POSTGRES_URL) {
      ctx.addIssue({ code: 'custom', path: ['BOARDS_POSTGRES_URL'], message: 'is required when BOARDS_STORAGE=postgres' });
    }
  });

/** Every environment variable the server reads (`.env.example` documents each one). */
export const configVariables: readonly string[] = Object.freeze(Object.keys(envSchema.shape));

/** The server's configuration, parsed once from the environment and frozen. */
export interface Config {
  readonly production: boolean;
  /**
   * Refuse (500) a REST answer that carries a field its response schema does not declare, instead
   * of dropping the field: a walk of every answer, for development and tests. `BOARDS_CHECK_RESPONSES`;
   * default on when `NODE_ENV` is `development` or `test`, off otherwise (`npm start`, production).
   */
  readonly checkResponses: boolean;
  /** Interface to listen on; default 127.0.0.1. */
  readonly host: string;
  /** TCP port; default 8080; 0 picks a free port (tests). */
  readonly port: number;
  /**
   * Public origin without trailing slash; default `http://localhost:<port>` (with `BOARDS_PORT=0`,
   * the port actually bound: see `withBoundPort`).
   */
  readonly publicUrl: string;
  /** True when `BOARDS_PUBLIC_URL` set the public URL; false when it is the development default. */
  readonly publicUrlFromEnv: boolean;
  /** Folder of the embedded store; default `./data`. */
  readonly dataDir: string;
  /**
   * `sqlite` with its fsync policy: `full` (default) makes every acknowledged write survive power
   * loss; `normal` survives a crash of the process (`kill -9`) but not of the machine. `mongodb`
   * and `postgres` (the stores several server processes can share) with their connection strings.
   */
  readonly storage:
    | { readonly kind: 'sqlite'; readonly synchronous: 'full' | 'normal' }
    | { readonly kind: 'mongodb'; readonly url: string }
    | { readonly kind: 'postgres'; readonly url: string };
  readonly logLevel: (typeof logLevels)[number];
  /** `json` (one object a line), `pretty` (for people), or `auto` (default): pretty when stdout is a terminal. */
  readonly logFormat: (typeof logFormats)[number];
  /** Requests per minute per credential (per client address when unauthenticated); default 600. */
  readonly rateLimitPerMinute: number;
  /** How long shutdown waits for in-flight requests before closing them; default 10 s. */
  readonly shutdownGraceMs: number;
  /** Limits of live sync and board documents that protect the server from one client. */
  readonly sync: {
    /** Largest WebSocket message; a larger one closes the socket with 1009. Default 4 MiB. */
    readonly maxMessageBytes: number;
    /** Live connections one board accepts; the next is closed with 4429. Default 1000. */
    readonly maxConnectionsPerBoard: number;
    /** Sustained messages per second per connection (bursts of twice that); over it closes with 4429. Default 200. */
    readonly messagesPerSecond: number;
    /** Most ms a busy board's relay waits to take along the updates that follow (one write per socket for several); 0 never. Default 2. */
    readonly coalesceMs: number;
    /** Largest encoded board document; writes past it answer 413 (REST) or close 4413 (live). Default 16 MiB. */
    readonly maxDocumentBytes: number;
  };
  /** The web app's event streams, `GET /web/events` (docs/web-events.md). */
  readonly webEvents: {
    /** `BOARDS_WEB_EVENT_STREAMS_PER_USER`: streams one person may hold open on one process; the next answers 429. Default 10 (a few tabs, each a board and a dialog). */
    readonly streamsPerUser: number;
    /** `BOARDS_WEB_EVENT_HEARTBEAT_MS`: a comment line this often keeps proxies from closing a quiet stream (nginx waits 60 s by default). Default 25 s. */
    readonly heartbeatMs: number;
  };
  /** Webhook delivery settings. */
  readonly webhooks: {
    /**
     * `BOARDS_WEBHOOKS_ALLOW_PRIVATE=true` allows `http` URLs and private, loopback and link-local
     * addresses (development and tests only: it lets webhooks reach the server's own network).
     * OAuth Client ID Metadata Documents follow the same rule (docs/oauth.md "MCP clients").
     * Default false.
     */
    readonly allowPrivate: boolean;
  };
  /** Timing of notifications (docs/notifications.md). */
  readonly notifications: {
    /** `BOARDS_NOTIFICATIONS_QUIET_MS`: changes to a board within this long after the first make one `board_update` per person. Default 5 min. */
    readonly boardUpdateQuietMs: number;
    /** `BOARDS_NOTIFICATIONS_EMAIL_MS`: a person's oldest unsent notification waits this long before their digest email goes out. Default 15 min. */
    readonly emailDigestMs: number;
  };
  /** Prometheus metrics at `GET /metrics` (docs/metrics.md). */
  readonly metrics: {
    /**
     * `BOARDS_METRICS_TOKEN`: the bearer token a scrape must send. On the main port `/metrics`
     * answers 404 while it is null (default); on the metrics port it is required only when set.
     */
    readonly token: string | null;
    /**
     * `BOARDS_METRICS_PORT`: serve `/metrics` on a listener of its own (0 picks a free port) and
     * answer 404 for it on the main port; null (default) serves it on the main port. A separate
     * port lets a firewall keep scrapes off the public interface.
     */
    readonly port: number | null;
    /** `BOARDS_METRICS_HOST`: interface of the metrics listener; default `BOARDS_HOST`. */
    readonly host: string;
  };
  /**
   * `BOARDS_REDIS_URL`: the Redis that several server processes sharing one store use between them
   * (live updates and awareness, leases on background work, shared rate limits; docs/cluster.md).
   * Null (default): this process alone, everything in-process, and Redis is never loaded.
   */
  readonly redisUrl: string | null;
  /**
   * `BOARDS_TRUSTED_PROXIES`: addresses and CIDR ranges of the proxies in front of the server (a
   * load balancer such as deploy/nginx.conf). Their `X-Forwarded-For` names the client, so the
   * per-address limits count clients, not the proxy. Empty (default): the header is ignored.
   */
  readonly trustedProxies: readonly string[];
  /** Signs session cookies and seals client secrets; null: generated once and kept in the data dir. */
  readonly sessionSecret: string | null;
  /** Mail transport for sign-in codes; null: the development outbox (log + file). */
  readonly smtpUrl: string | null;
  /** Sender of sign-in mail; default `Boards <no-reply@localhost>`. */
  readonly mailFrom: string;
  /** JSON-lines file the development mailer appends to; default `<data dir>/dev-outbox.jsonl`. */
  readonly devOutboxPath: string;
  /** Up to three OpenID Connect sign-in providers (`BOARDS_OIDC_<N>_ISSUER/CLIENT_ID/CLIENT_SECRET/NAME`). */
  readonly oidcProviders: readonly OidcProviderConfig[];
  /** The AI assistant (docs/ai.md). */
  readonly ai: {
    /** `builtin` (default: offline and deterministic) or `openai` (any OpenAI-compatible endpoint). */
    readonly provider: 'builtin' | 'openai';
    /** `BOARDS_AI_BASE_URL`; default `https://api.openai.com/v1`. */
    readonly baseUrl: string;
    /** `BOARDS_AI_API_KEY`; null for servers that need none. Never logged. */
    readonly apiKey: string | null;
    /** `BOARDS_AI_MODEL`; default `gpt-4o-mini`. */
    readonly model: string;
    /** Per provider attempt; default 60 s. */
    readonly timeoutMs: number;
    /** Retries of 429 (honouring Retry-After), 5xx and connection errors; default 2. */
    readonly maxRetries: number;
    /** `json_schema` (default; falls back to JSON mode when refused) or `json_object`. */
    readonly structuredOutput: 'json_schema' | 'json_object';
    /** AI jobs one workspace runs at once; more wait queued. Default 2. */
    readonly jobsPerWorkspace: number;
  };
}

/**
 * Reads the configuration from environment variables (the only place that reads
 * `process.env`); throws `ConfigError` naming each bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? 'environment'), message: issue.message })),
    );
  }
  const e = parsed.data;
  const publicUrl = (e.BOARDS_PUBLIC_URL ?? `http://localhost:${e.BOARDS_PORT}`).replace(/\/+$/, '');
  const config: Config = {
    production: e.NODE_ENV === 'production',
    checkResponses: e.BOARDS_CHECK_RESPONSES === undefined ? e.NODE_ENV === 'development' || e.NODE_ENV === 'test' : e.BOARDS_CHECK_RESPONSES === 'true',
    host: e.BOARDS_HOST,
    port: e.BOARDS_PORT,
    publicUrl,
    publicUrlFromEnv: e.BOARDS_PUBLIC_URL !== undefined,
    dataDir: path.resolve(e.BOARDS_DATA_DIR),
    storage:
      e.BOARDS_STORAGE === 'mongodb'
        ? { kind: 'mongodb', url: e.BOARDS_MONGODB_URL ?? '' }
        : e.BOARDS_STORAGE === 'postgres'
          ? { kind: 'postgres', url: e.BOARDS_POSTGRES_URL ?? '' }
          : { kind: 'sqlite', synchronous: e.BOARDS_SQLITE_SYNCHRONOUS },
    logLevel: e.BOARDS_LOG_LEVEL,
    logFormat: e.BOARDS_LOG_FORMAT,
    rateLimitPerMinute: e.BOARDS_RATE_LIMIT_PER_MINUTE,
    shutdownGraceMs: e.BOARDS_SHUTDOWN_GRACE_MS,
    sync: Object.freeze({
      maxMessageBytes: e.BOARDS_SYNC_MAX_MESSAGE_BYTES,
      maxConnectionsPerBoard: e.BOARDS_SYNC_MAX_CONNECTIONS_PER_BOARD,
      messagesPerSecond: e.BOARDS_SYNC_MESSAGES_PER_SECOND,
      coalesceMs: e.BOARDS_SYNC_COALESCE_MS,
      maxDocumentBytes: e.BOARDS_MAX_DOCUMENT_BYTES,
    }),
    notifications: Object.freeze({ boardUpdateQuietMs: e.BOARDS_NOTIFICATIONS_QUIET_MS, emailDigestMs: e.BOARDS_NOTIFICATIONS_EMAIL_MS }),
    webEvents: Object.freeze({ streamsPerUser: e.BOARDS_WEB_EVENT_STREAMS_PER_USER, heartbeatMs: e.BOARDS_WEB_EVENT_HEARTBEAT_MS }),
    webhooks: Object.freeze({ allowPrivate: e.BOARDS_WEBHOOKS_ALLOW_PRIVATE === 'true' }),
    metrics: Object.freeze({ token: e.BOARDS_METRICS_TOKEN ?? null, port: e.BOARDS_METRICS_PORT ?? null, host: e.BOARDS_METRICS_HOST ?? e.BOARDS_HOST }),
    redisUrl: e.BOARDS_REDIS_URL ?? null,
    trustedProxies: Object.freeze(e.BOARDS_TRUSTED_PROXIES ?? []),
    sessionSecret: e.BOARDS_SESSION_SECRET ?? null,
    smtpUrl: e.BOARDS_SMTP_URL ?? null,
    mailFrom: e.BOARDS_MAIL_FROM,
    devOutboxPath: path.resolve(e.BOARDS_DEV_OUTBOX ?? path.join(e.BOARDS_DATA_DIR, 'dev-outbox.jsonl')),
    oidcProviders: oidcSlots.flatMap((n) => {
      const v = (f: (typeof oidcFields)[number]) => (e as Record<string, unknown>)[`BOARDS_OIDC_${n}_${f}`] as string | undefined;
      const issuer = v('ISSUER');
      const clientId = v('CLIENT_ID');
      const clientSecret = v('CLIENT_SECRET');
      const name = v('NAME');
      return issuer && clientId && clientSecret && name ? [Object.freeze({ slot: n, issuer, clientId, clientSecret, name })] : [];
    }),
    ai: Object.freeze({
      provider: e.BOARDS_AI_PROVIDER,
      baseUrl: e.BOARDS_AI_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.BOARDS_AI_API_KEY ?? null,
      model: e.BOARDS_AI_MODEL,
      timeoutMs: e.BOARDS_AI_TIMEOUT_MS,
      maxRetries: e.BOARDS_AI_MAX_RETRIES,
      structuredOutput: e.BOARDS_AI_STRUCTURED_OUTPUT,
      jobsPerWorkspace: e.BOARDS_AI_JOBS_PER_WORKSPACE,
    }),
  };
  return Object.freeze(config);
}

/**
 * The configuration once the server listens: without `BOARDS_PUBLIC_URL`, links name the port
 * actually bound (which differs from `BOARDS_PORT` when that is 0).
 */
export function withBoundPort(config: Config, port: number): Config {
  if (config.publicUrlFromEnv || config.port === port) return config;
  return Object.freeze({ ...config, port, publicUrl: `http://localhost:${port}` });
}

const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose form posts count as the service's own: the public URL's, and in development,
 * when the public URL is a loopback address, the same port under every loopback name (people
 * open `http://127.0.0.1:8080` as readily as `http://localhost:8080`).
 */
export function acceptedOrigins(config: Pick<Config, 'publicUrl' | 'production'>): string[] {
  const url = new URL(config.publicUrl);
  if (config.production || !loopbackNames.includes(url.hostname)) return [url.origin];
  return loopbackNames.map((name) => `${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
}

/** How to open the configured store. */
export function databaseOptions(config: Config): DatabaseOptions {
  switch (config.storage.kind) {
    case 'sqlite':
      return { kind: 'sqlite', dataDir: config.dataDir, synchronous: config.storage.synchronous };
    case 'mongodb':
      return { kind: 'mongodb', url: config.storage.url };
    case 'postgres':
      return { kind: 'postgres', url: config.storage.url };
  }
}
