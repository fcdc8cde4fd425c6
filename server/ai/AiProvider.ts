import type { z } from 'zod';
import type { AiTask } from './aiTasks.js';

/** Tokens a provider spent on one request (the builtin provider counts words). */
export interface AiUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** One request to a provider: what to do, as prompts and as a structured task, and the JSON shape wanted back. */
export interface AiRequest<T> {
  /** The structured task; the builtin provider works from it directly. */
  readonly task: AiTask;
  /** The system prompt: the job, the rules, and the output contract. */
  readonly system: string;
  /** The user prompt: the person's words and the board's text, delimited as untrusted input. */
  readonly prompt: string;
  /** The shape of the answer; the provider validates against it before returning. */
  readonly schema: z.ZodType<T>;
  /** A short name of the schema (`[a-z_]+`), sent to providers that name structured outputs. */
  readonly schemaName: string;
  /** Aborts the request (job cancel, server shutdown). */
  readonly signal?: AbortSignal;
}

/** A provider's validated answer. */
export interface AiCompletion<T> {
  readonly value: T;
  readonly usage: AiUsage;
  /** `builtin` or `openai`. */
  readonly provider: string;
  /** The model that answered (`builtin` for the embedded engine). */
  readonly model: string;
  /** Time spent waiting for the model, in ms (the rest of a request is server time). */
  readonly modelMs: number;
}

/**
 * The provider port: a prompt plus an output schema in, validated JSON plus usage out.
 * Implementations throw ServiceError `ai_unavailable` (unreachable, timed out, aborted),
 * `ai_output_invalid` (malformed, refused, or failing the schema) or
 * `ai_instruction_unsupported` (the provider cannot do what was asked).
 */
export interface AiProvider {
  /** `builtin` or `openai`. */
  readonly name: string;
  readonly model: string;
  complete<T>(request: AiRequest<T>): Promise<AiCompletion<T>>;
}
