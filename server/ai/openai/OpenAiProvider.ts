import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, BadRequestError } from 'openai';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { ServiceError } from '../../errors.js';
import type { AiCompletion, AiProvider, AiRequest } from '../AiProvider.js';

/** Settings of the `openai` provider: the AI settings of the configuration, documented there. */
export type OpenAiProviderOptions = Pick<Config['ai'], 'baseUrl' | 'apiKey' | 'model' | 'timeoutMs' | 'maxRetries' | 'structuredOutput'> & {
  /** A `fetch` to use instead of the global one (tests, proxies). */
  readonly fetch?: typeof fetch;
};

type ChatMessage = { role: 'system' | 'user'; content: string };

/** The provider's own failures, as the API's documented errors; the upstream body never reaches a client. */
function translate(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof APIUserAbortError) return new ServiceError('ai_unavailable', 'The AI request was canceled.');
  if (error instanceof APIConnectionTimeoutError) return new ServiceError('ai_unavailable', 'The AI provider did not answer in time.');
  if (error instanceof APIConnectionError) return new ServiceError('ai_unavailable', 'The AI provider could not be reached.');
  if (error instanceof APIError) {
    const retryAfter = error.headers?.get('retry-after');
    return new ServiceError('ai_unavailable', `The AI provider answered ${String(error.status ?? 'an error')}; retry later.`, {
      details: { providerStatus: error.status ?? null, ...(retryAfter ? { retryAfter } : {}) },
    });
  }
  return new ServiceError('ai_unavailable', 'The AI request failed.');
}

/** True when a 400 says the server does not know `response_format: json_schema` (older or smaller servers). */
function refusesJsonSchema(error: unknown): boolean {
  return error instanceof BadRequestError && /response_format|json_schema|structured/i.test(error.message);
}

/**
 * Any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure OpenAI, Ollama, vLLM,
 * llama.cpp server, LM Studio, OpenRouter) through the official `openai` package. Asks for
 * structured output (`response_format: json_schema` from the zod schema); a server that
 * refuses it is asked again, and from then on, in JSON mode with the schema in the system
 * prompt. Every answer is parsed and validated here: malformed JSON, a refusal or a schema
 * mismatch is `ai_output_invalid` (502); unreachable, timed out, 429 or 5xx after the retries
 * is `ai_unavailable` (503).
 */
export class OpenAiProvider implements AiProvider {
  readonly name = 'openai';
  readonly model: string;
  readonly #client: OpenAI;
  #jsonSchema: boolean;

  constructor(options: OpenAiProviderOptions) {
    this.model = options.model;
    this.#jsonSchema = options.structuredOutput === 'json_schema';
    this.#client = new OpenAI({
      baseURL: options.baseUrl,
      // Servers such as Ollama need no key, but the client requires one.
      apiKey: options.apiKey ?? 'none',
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      logLevel: 'off',
    });
  }

  async #call(messages: ChatMessage[], schemaName: string, schema: Record<string, unknown>, signal: AbortSignal | undefined): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    const options = signal ? { signal } : {};
    if (this.#jsonSchema) {
      try {
        return await this.#client.chat.completions.create(
          { model: this.model, messages, response_format: { type: 'json_schema', json_schema: { name: schemaName, schema, strict: false } } },
          options,
        );
      } catch (error) {
        if (!refusesJsonSchema(error)) throw error;
        this.#jsonSchema = false;
      }
    }
    const withSchema: ChatMessage[] = messages.map((m, i) =>
      i === 0 ? { role: m.role, content: `${m.content}\n\nJSON Schema of the answer:\n${JSON.stringify(schema)}` } : m,
    );
    return this.#client.chat.completions.create({ model: this.model, messages: withSchema, response_format: { type: 'json_object' } }, options);
  }

  async complete<T>(request: AiRequest<T>): Promise<AiCompletion<T>> {
    const schema = z.toJSONSchema(request.schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
    delete schema.$schema;
    const messages: ChatMessage[] = [
      { role: 'system', content: request.system },
      { role: 'user', content: request.prompt },
    ];
    const started = performance.now();
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.#call(messages, request.schemaName, schema, request.signal);
    } catch (error) {
      throw translate(error);
    }
    const modelMs = performance.now() - started;
    const choice = completion.choices[0];
    const message = choice?.message;
    if (message?.refusal) {
      throw new ServiceError('ai_output_invalid', 'The AI model refused the request.', { details: { refusal: message.refusal.slice(0, 500) } });
    }
    const content = message?.content ?? '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new ServiceError('ai_output_invalid', `The AI model's answer is not JSON${choice?.finish_reason === 'length' ? ' (it was cut off at the length limit)' : ''}.`);
    }
    const checked = request.schema.safeParse(parsed);
    if (!checked.success) {
      const first = checked.error.issues[0];
      throw new ServiceError('ai_output_invalid', `The AI model's answer does not match the expected shape${first ? ` at ${first.path.join('.') || 'the top'}: ${first.message}` : ''}.`);
    }
    return {
      value: checked.data,
      usage: { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 },
      provider: this.name,
      model: completion.model || this.model,
      modelMs,
    };
  }
}
