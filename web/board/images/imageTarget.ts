import type { TokenSource } from '../../api.js';
import type { BoardEdits } from '../edits.js';

/** The open board that images go to and come from. */
export interface ImageTarget {
  readonly boardId: string;
  readonly tokens: TokenSource;
  /** Null when the person may not change the board: images are shown, not added. */
  readonly edits: BoardEdits | null;
  /** Hears the ids of the image items just created (the canvas selects them). */
  readonly onCreated: (ids: readonly string[]) => void;
}

let current: ImageTarget | null = null;

/** Sets the open board (the canvas does, while it is shown); null when none is. */
export function setImageTarget(target: ImageTarget | null): void {
  current = target;
}

/** The open board, or null. */
export function imageTarget(): ImageTarget | null {
  return current;
}
