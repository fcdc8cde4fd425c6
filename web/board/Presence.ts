import type { Awareness } from 'y-protocols/awareness';
import type { WebUser } from '../api.js';

/** What each person's page announces through awareness. */
export interface PresenceState {
  /** The pointer in board units, or null when it is off the canvas. */
  cursor: { x: number; y: number } | null;
  /** Ids of the items they selected. */
  selection: string[];
  /** Where their caret is in the text they edit, or null. */
  caret?: Caret | null;
}

/** A caret in an item's Y.Text field: Yjs relative positions (as JSON), so it stays put while others type. */
export interface Caret {
  item: string;
  field: string;
  anchor: unknown;
  head: unknown;
}

/** Another person on the board, as the canvas draws them. */
export interface Peer {
  clientId: number;
  /** From the server's presence (its identity of the connection), never from what the client claims. */
  name: string;
  color: string;
  cursor: { x: number; y: number } | null;
  selection: string[];
  caret: Caret | null;
}

const palette = ['#e03131', '#1971c2', '#2f9e44', '#f08c00', '#9c36b5', '#0c8599', '#c2255c', '#5c940d'];

/** A stable colour for an awareness client. */
export function colorOf(clientId: number): string {
  return palette[clientId % palette.length] ?? '#1971c2';
}

interface PresenceResponse {
  data: { user: { id: string; name: string }; clientIds: number[] }[];
}

/**
 * Other people's cursors and selections from awareness, named by the server: when an unknown
 * awareness client appears, `GET /boards/{id}/presence` (awareness joined with the identity of
 * each connection) tells whose it is.
 */
export class Presence {
  readonly #awareness: Awareness;
  readonly #fetch: () => Promise<unknown>;
  readonly #names = new Map<number, string>();
  readonly #listeners = new Set<() => void>();
  #lookup: ReturnType<typeof setTimeout> | null = null;
  readonly #onChange = () => {
    const unknown = [...this.#awareness.getStates().keys()].some((id) => id !== this.#awareness.clientID && !this.#names.has(id));
    if (unknown) this.#scheduleLookup();
    for (const listener of this.#listeners) listener();
  };

  constructor(awareness: Awareness, user: WebUser, fetchPresence: () => Promise<unknown>) {
    this.#awareness = awareness;
    this.#fetch = fetchPresence;
    this.#names.set(awareness.clientID, user.name);
    awareness.setLocalState({ cursor: null, selection: [] } satisfies PresenceState);
    awareness.on('change', this.#onChange);
  }

  #scheduleLookup(): void {
    if (this.#lookup !== null) return;
    this.#lookup = setTimeout(() => {
      this.#fetch().then(
        (body) => {
          this.#lookup = null;
          for (const entry of (body as PresenceResponse).data) for (const id of entry.clientIds) this.#names.set(id, entry.user.name);
          for (const listener of this.#listeners) listener();
        },
        () => {
          this.#lookup = null;
        },
      );
    }, 150);
  }

  /** Announces the local pointer (board units) or null. */
  setCursor(cursor: { x: number; y: number } | null): void {
    this.#awareness.setLocalStateField('cursor', cursor);
  }

  /** Announces the local selection. */
  setSelection(ids: readonly string[]): void {
    this.#awareness.setLocalStateField('selection', [...ids]);
  }

  /** Announces the local caret in the text being edited, or null when not editing. */
  setCaret(caret: Caret | null): void {
    this.#awareness.setLocalStateField('caret', caret);
  }

  /** Everyone else with a live awareness state. */
  peers(): Peer[] {
    const peers: Peer[] = [];
    for (const [clientId, raw] of this.#awareness.getStates()) {
      if (clientId === this.#awareness.clientID) continue;
      const state = raw as Partial<PresenceState>;
      const cursor = state.cursor && Number.isFinite(state.cursor.x) && Number.isFinite(state.cursor.y) ? state.cursor : null;
      const selection = Array.isArray(state.selection) ? state.selection.filter((id): id is string => typeof id === 'string') : [];
      const caret = state.caret && typeof state.caret.item === 'string' && typeof state.caret.field === 'string' ? state.caret : null;
      peers.push({ clientId, name: this.#names.get(clientId) ?? '…', color: colorOf(clientId), cursor, selection, caret });
    }
    return peers;
  }

  /** Calls `listener` when anyone's presence changed; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops listening. */
  destroy(): void {
    this.#awareness.off('change', this.#onChange);
    if (this.#lookup !== null) clearTimeout(this.#lookup);
  }
}
