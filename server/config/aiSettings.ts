import { z } from 'zod';
import { positiveInt, wholeNumber, type Parsed } from './readers.js';

/** The AI assistant's variables (see `Config.ai` and docs/ai.md). */
export const aiVariables = {
  BOARDS_AI_PROVIDER: z.enum(['builtin', 'openai'], { error: 'must be builtin or openai' }).default('builtin'),
  BOARDS_AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) base URL of an OpenAI-compatible API, such as https://api.openai.com/v1' }).default('https://api.openai.com/v1'),
  BOARDS_AI_API_KEY: z.string().min(1).optional(),
  BOARDS_AI_MODEL: z.string().trim().min(1, { error: 'must name a model' }).max(200).default('gpt-4o-mini'),
  BOARDS_AI_TIMEOUT_MS: positiveInt('a positive whole number of milliseconds').default(60_000),
  BOARDS_AI_MAX_RETRIES: wholeNumber(0, 10, 'must be a whole number from 0 to 10').default(2),
  BOARDS_AI_STRUCTURED_OUTPUT: z.enum(['json_schema', 'json_object'], { error: 'must be json_schema or json_object' }).default('json_schema'),
  BOARDS_AI_JOBS_PER_WORKSPACE: positiveInt('a positive whole number of jobs').default(2),
};

/** The AI assistant (part of `Config`). */
export interface AiConfig {
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

/** The AI settings of parsed variables. */
export function aiConfig(e: Parsed<typeof aiVariables>): AiConfig {
  return {
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
}
