import { z } from 'zod';
import { positiveInt, trueOrFalse, type Parsed } from './readers.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const logFormats = ['auto', 'json', 'pretty'] as const;

/** The variables of how the process runs: its mode, log, request rate, shutdown and checks of its own answers. */
export const processVariables = {
  NODE_ENV: z.string().optional(),
  BOARDS_LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  BOARDS_LOG_FORMAT: z.enum(logFormats, { error: `must be one of ${logFormats.join(', ')}` }).default('auto'),
  BOARDS_CHECK_RESPONSES: trueOrFalse().optional(),
  BOARDS_RATE_LIMIT_PER_MINUTE: positiveInt('a positive whole number of requests').default(600),
  BOARDS_SHUTDOWN_GRACE_MS: positiveInt('a positive whole number of milliseconds').default(10_000),
};

/** How the process runs (part of `Config`). */
export interface ProcessConfig {
  readonly production: boolean;
  /**
   * Refuse (500) a REST answer that carries a field its response schema does not declare, instead
   * of dropping the field: a walk of every answer, for development and tests. `BOARDS_CHECK_RESPONSES`;
   * default on when `NODE_ENV` is `development` or `test`, off otherwise (`npm start`, production).
   */
  readonly checkResponses: boolean;
  readonly logLevel: (typeof logLevels)[number];
  /** `json` (one object a line), `pretty` (for people), or `auto` (default): pretty when stdout is a terminal. */
  readonly logFormat: (typeof logFormats)[number];
  /** Requests per minute per credential (per client address when unauthenticated); default 600. */
  readonly rateLimitPerMinute: number;
  /** How long shutdown waits for in-flight requests before closing them; default 10 s. */
  readonly shutdownGraceMs: number;
}

/** The process settings of parsed variables. */
export function processConfig(e: Parsed<typeof processVariables>): ProcessConfig {
  return {
    production: e.NODE_ENV === 'production',
    checkResponses: e.BOARDS_CHECK_RESPONSES === undefined ? e.NODE_ENV === 'development' || e.NODE_ENV === 'test' : e.BOARDS_CHECK_RESPONSES === 'true',
    logLevel: e.BOARDS_LOG_LEVEL,
    logFormat: e.BOARDS_LOG_FORMAT,
    rateLimitPerMinute: e.BOARDS_RATE_LIMIT_PER_MINUTE,
    shutdownGraceMs: e.BOARDS_SHUTDOWN_GRACE_MS,
  };
}
