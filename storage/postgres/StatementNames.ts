/** Most statement texts one store names (prepares on each connection) by default. */
const defaultMaxNamed = 256;

/**
 * Picks which statements run as named prepared statements: a text gets a name (`boards_s<n>`) the
 * second time it is run, so the statements a request runs every time (the rights read, the
 * caller's key, the journal's delete) are parsed and planned once per connection rather than on
 * every call, while a text run once (a rare filter) does not hold a prepared statement on every
 * connection for nothing. At most `maxNamed` texts get a name, so the statements a connection
 * keeps stay bounded whatever filters callers build; past that, texts run unnamed as before.
 * A text's SQL depends on the shape of a filter, never on its values (those are parameters).
 */
export class StatementNames {
  readonly #maxNamed: number;
  readonly #names = new Map<string, string>();
  /** Texts run once and not named yet; forgotten when it outgrows a few times `maxNamed`. */
  readonly #once = new Set<string>();

  constructor(maxNamed = defaultMaxNamed) {
    this.#maxNamed = maxNamed;
  }

  /** The name to run `text` under, or undefined to run it unnamed (first time, or the cap is reached). */
  nameFor(text: string): string | undefined {
    const name = this.#names.get(text);
    if (name !== undefined || this.#names.size >= this.#maxNamed) return name;
    if (!this.#once.has(text)) {
      if (this.#once.size >= 4 * this.#maxNamed) this.#once.clear();
      this.#once.add(text);
      return undefined;
    }
    this.#once.delete(text);
    const named = `boards_s${this.#names.size + 1}`;
    this.#names.set(text, named);
    return named;
  }

  /** `text` with its `values` as `pg` runs it: under the name `nameFor` gives, or unnamed. */
  statement(text: string, values: unknown[]): { name?: string; text: string; values: unknown[] } {
    const name = this.nameFor(text);
    return name === undefined ? { text, values } : { name, text, values };
  }

  /** How many texts have a name. */
  get size(): number {
    return this.#names.size;
  }
}
