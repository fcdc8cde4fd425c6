/**
 * What the board's side panels and the canvas tell each other: the canvas reports its
 * selection; the panels mark the items an answer cites and ask the canvas to select items and
 * bring them into view.
 */
export class CanvasLink {
  #selection: ReadonlySet<string> = new Set();
  #cited: ReadonlySet<string> = new Set();
  readonly #listeners = new Set<() => void>();
  #reveal: ((ids: readonly string[]) => void) | null = null;

  /** The canvas's selection, as it last reported it. */
  get selection(): ReadonlySet<string> {
    return this.#selection;
  }

  /** Items an assistant answer cites, drawn highlighted on the canvas. */
  get cited(): ReadonlySet<string> {
    return this.#cited;
  }

  /** Called by the canvas when its selection changed. */
  reportSelection(selection: ReadonlySet<string>): void {
    this.#selection = selection;
    this.#emit();
  }

  /** Highlights `ids` on the canvas (an empty list clears the highlight). */
  cite(ids: readonly string[]): void {
    this.#cited = new Set(ids);
    this.#emit();
  }

  /** Selects `ids` on the canvas and brings them into view; nothing when no canvas is attached. */
  reveal(ids: readonly string[]): void {
    this.#reveal?.(ids);
  }

  /** Called by the canvas: how it selects and shows items. Returns the detach function. */
  attach(reveal: (ids: readonly string[]) => void): () => void {
    this.#reveal = reveal;
    return () => {
      if (this.#reveal === reveal) this.#reveal = null;
    };
  }

  /** Calls `listener` when the selection or the cited items change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }
}
