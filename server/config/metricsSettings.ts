import { z } from 'zod';
import type { networkVariables } from './networkSettings.js';
import { port, trimmedNonEmpty, type CrossRule, type Parsed } from './readers.js';

/** The variables of Prometheus metrics at `GET /metrics` (docs/metrics.md). */
export const metricsVariables = {
  BOARDS_METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .max(512, { error: 'must be at most 512 characters' })
    .regex(/^[A-Za-z0-9._~+/=-]+$/, { error: 'must be a bearer token: letters, digits and . _ ~ + / = - only' })
    .optional(),
  BOARDS_METRICS_PORT: port.optional(),
  BOARDS_METRICS_HOST: trimmedNonEmpty().optional(),
};

/** What the metrics variables are read with: the main listener's, which a metrics listener falls back on or must differ from. */
type MetricsEnv = Parsed<typeof metricsVariables> & Pick<Parsed<typeof networkVariables>, 'BOARDS_HOST' | 'BOARDS_PORT'>;

/** Metrics (part of `Config`). */
export interface MetricsConfig {
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
}

/** A metrics listener needs a port of its own; its host means nothing without one. */
export const metricsRule: CrossRule<MetricsEnv> = (env, ctx) => {
  if (env.BOARDS_METRICS_PORT !== undefined && env.BOARDS_METRICS_PORT !== 0 && env.BOARDS_METRICS_PORT === env.BOARDS_PORT) {
    ctx.addIssue({ code: 'custom', path: ['BOARDS_METRICS_PORT'], message: 'must differ from BOARDS_PORT (leave it unset to serve /metrics on the main port)' });
  }
  if (env.BOARDS_METRICS_HOST !== undefined && env.BOARDS_METRICS_PORT === undefined) {
    ctx.addIssue({ code: 'custom', path: ['BOARDS_METRICS_HOST'], message: 'is only used with BOARDS_METRICS_PORT; set that too, or unset this' });
  }
};

/** The metrics settings of parsed variables. */
export function metricsConfig(e: MetricsEnv): MetricsConfig {
  return { metrics: Object.freeze({ token: e.BOARDS_METRICS_TOKEN ?? null, port: e.BOARDS_METRICS_PORT ?? null, host: e.BOARDS_METRICS_HOST ?? e.BOARDS_HOST }) };
}
