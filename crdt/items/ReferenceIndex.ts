import * as Y from 'yjs';
import { decodeValue } from './boardSchema.js';
import { findItemTypeDefinition } from './catalogue.js';

const emptySet: ReadonlySet<string> = new Set();

/** The ids an entry names in its type's reference fields (a connector's ends), read without decoding the rest of its data. */
export function referencesOf(type: string, entry: Y.Map<unknown>): string[] {
  const fields = findItemTypeDefinition(type)?.referenceFields ?? [];
  if (fields.length === 0) return [];
  const data = entry.get('data');
  if (!(data instanceof Y.Map)) return [];
  const refs: string[] = [];
  for (const field of fields) {
    const value = decodeValue(data.get(field));
    if (typeof value === 'string') refs.push(value);
  }
  return refs;
}

/** Which items name which in their reference fields, kept current as each item's references are linked and unlinked. */
export class ReferenceIndex {
  readonly #referencedBy = new Map<string, Set<string>>();

  /** Records that item `source` names each of `refs`. */
  link(source: string, refs: readonly string[]): void {
    for (const ref of refs) {
      let sources = this.#referencedBy.get(ref);
      if (sources === undefined) {
        sources = new Set();
        this.#referencedBy.set(ref, sources);
      }
      sources.add(source);
    }
  }

  /** Forgets that item `source` names each of `refs` (what it was linked with). */
  unlink(source: string, refs: readonly string[]): void {
    for (const ref of refs) {
      const sources = this.#referencedBy.get(ref);
      sources?.delete(source);
      if (sources?.size === 0) this.#referencedBy.delete(ref);
    }
  }

  /** Ids of the items that name `id`. */
  to(id: string): ReadonlySet<string> {
    return this.#referencedBy.get(id) ?? emptySet;
  }

  /** Ids of the items that name any of `ids`. */
  toAny(ids: Iterable<string>): Set<string> {
    const sources = new Set<string>();
    for (const id of ids) for (const source of this.#referencedBy.get(id) ?? emptySet) sources.add(source);
    return sources;
  }
}
