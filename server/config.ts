import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.coerce
  .number({ error: 'must be a whole number from 0 to 65535' })
  .int({ error: 'must be a whole number from 0 to 65535' })
  .min(0, { error: 'must be a whole number from 0 to 65535' })
  .max(65535, { error: 'must be a whole number from 0 to 65535' });

const positiveInt = (what: string) =>
  z.coerce.number({ error: `must be ${what}` }).int({ error: `must be ${what}` }).positive({ error: `must be ${what}` });

/** The environment variables the server reads, with their defaults and rules. */
const envSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    BOARDS_HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
    BOARDS_PORT: port.default(8080),
    BOARDS_PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://boards.example.com' })
      .optional(),
    BOARDS_DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
    BOARDS_STORAGE: z.enum(['sqlite', 'mongodb'], { error: 'must be sqlite or mongodb' }).default('sqlite'),
    BOARDS_MONGODB_URL: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\/.+/, { error: 'must be a mongodb:// or mongodb+srv:// connection string' })
      .optional(),
    BOARDS_LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
    BOARDS_RATE_LIMIT_PER_MINUTE: positiveInt('a positive whole number of requests').default(600),
    BOARDS_SHUTDOWN_GRACE_MS: positiveInt('a positive whole number of milliseconds').default(10_000),
  })
  .superRefine((env, ctx) => {
    if (env.BOARDS_STORAGE === 'mongodb' && !env.BOARDS_MONGODB_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOARDS_MONGODB_URL'],
        message: 'is required when BOARDS_STORAGE=mongodb',
      });
    }
  });

/** The server's configuration, parsed once from the environment and frozen. */
export interface Config {
  readonly production: boolean;
  /** Interface to listen on; default 127.0.0.1. */
  readonly host: string;
  /** TCP port; default 8080; 0 picks a free port (tests). */
  readonly port: number;
  /** Public origin without trailing slash; default `http://localhost:<port>`. */
  readonly publicUrl: string;
  /** Folder of the embedded store; default `./data`. */
  readonly dataDir: string;
  readonly storage: { readonly kind: 'sqlite' } | { readonly kind: 'mongodb'; readonly url: string };
  readonly logLevel: (typeof logLevels)[number];
  /** Requests per minute per credential (per client address when unauthenticated); default 600. */
  readonly rateLimitPerMinute: number;
  /** How long shutdown waits for in-flight requests before closing them; default 10 s. */
  readonly shutdownGraceMs: number;
}

/** Bad configuration; the message names every offending variable. */
export class ConfigError extends Error {
  readonly variables: string[];

  constructor(issues: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.variable} ${i.message}`).join('; ')}`);
    this.name = 'ConfigError';
    this.variables = issues.map((i) => i.variable);
  }
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
    host: e.BOARDS_HOST,
    port: e.BOARDS_PORT,
    publicUrl,
    dataDir: path.resolve(e.BOARDS_DATA_DIR),
    storage:
      e.BOARDS_STORAGE === 'mongodb' ? { kind: 'mongodb', url: e.BOARDS_MONGODB_URL ?? '' } : { kind: 'sqlite' },
    logLevel: e.BOARDS_LOG_LEVEL,
    rateLimitPerMinute: e.BOARDS_RATE_LIMIT_PER_MINUTE,
    shutdownGraceMs: e.BOARDS_SHUTDOWN_GRACE_MS,
  };
  return Object.freeze(config);
}

/** Warnings about defaults that are fit only for development, for the start-up log. */
export function productionWarnings(config: Config, env: Record<string, string | undefined> = process.env): string[] {
  if (!config.production) return [];
  const warnings: string[] = [];
  if (!env.BOARDS_PUBLIC_URL) warnings.push('BOARDS_PUBLIC_URL is not set; links and OAuth metadata use http://localhost.');
  if (config.storage.kind === 'sqlite') warnings.push('BOARDS_STORAGE is sqlite; a single process owns the data file.');
  return warnings;
}
