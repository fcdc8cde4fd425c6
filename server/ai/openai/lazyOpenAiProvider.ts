import type { AiCompletion, AiProvider, AiRequest } from '../AiProvider.js';
import type { OpenAiProviderOptions } from './OpenAiProvider.js';

/**
 * The OpenAI-compatible provider, its module (and the `openai` client, some 150 modules) loaded
 * at the first completion rather than at start-up: a server on the builtin provider never loads
 * it, and one on `openai` pays for it when it is first asked.
 */
export class LazyOpenAiProvider implements AiProvider {
  readonly name = 'openai';
  readonly model: string;
  readonly #options: OpenAiProviderOptions;
  #provider: Promise<AiProvider> | null = null;

  constructor(options: OpenAiProviderOptions) {
    this.#options = options;
    this.model = options.model;
  }

  async complete<T>(request: AiRequest<T>): Promise<AiCompletion<T>> {
    this.#provider ??= import('./OpenAiProvider.js').then(
      ({ OpenAiProvider }) => new OpenAiProvider(this.#options),
      (error: unknown) => {
        this.#provider = null;
        throw error;
      },
    );
    return (await this.#provider).complete(request);
  }
}
