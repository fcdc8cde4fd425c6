import { useState } from 'preact/hooks';

/** Prefix of the keys this browser keeps the board's display choices under in localStorage. */
const prefix = 'boards.';

/** The stored value of `key` when it is one of `allowed`, else `fallback` (storage off or full is no error). */
export function readRemembered<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = globalThis.localStorage?.getItem(prefix + key);
    return allowed.find((option) => option === value) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Stores `value` under `key` for the next visit; a browser that refuses storage keeps it for this page only. */
export function writeRemembered(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(prefix + key, value);
  } catch {
    // Private windows and full storage: the choice lasts until the page is left.
  }
}

/**
 * A choice of this browser kept in localStorage across reloads (the minimap open or closed, the
 * last stamp): `allowed` lists what a stored value may be, anything else reads as `fallback`.
 */
export function useRemembered<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => readRemembered(key, allowed, fallback));
  const set = (next: T): void => {
    setValue(next);
    writeRemembered(key, next);
  };
  return [value, set];
}
