import type { z } from 'zod';

/** What serialising a response gave: the body to send, or why it cannot be sent. */
export type Serialized = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Serialises a handler's result through its response schema, as Fastify does: the schema's
 * output is what is sent, so a field the schema does not declare never leaves the server. A
 * result the schema refuses is not sent. With `rejectUndeclared` (development and tests) a
 * result carrying undeclared fields is refused too, naming them, so a handler that returns more
 * than its operation documents fails loudly instead of being trimmed in silence.
 */
export function serializeResponse(schema: z.ZodType, result: unknown, options: { rejectUndeclared: boolean }): Serialized {
  const parsed = schema.safeParse(result);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`) };
  }
  if (options.rejectUndeclared) {
    const undeclared: string[] = [];
    collectUndeclared(result, parsed.data, [], undeclared);
    if (undeclared.length > 0) return { ok: false, problems: undeclared.map((path) => `${path}: is not declared by the response schema`) };
  }
  return { ok: true, value: parsed.data };
}

/**
 * Paths of keys present (and defined) in `raw` but dropped from `parsed`, one level of objects
 * and arrays at a time. It runs on every response outside production, so it walks without
 * allocating: `path` is one stack of keys, written out only for a key that was dropped.
 */
function collectUndeclared(raw: unknown, parsed: unknown, path: (string | number)[], out: string[]): void {
  if (Array.isArray(raw)) {
    if (!Array.isArray(parsed)) return;
    for (let i = 0; i < raw.length; i += 1) {
      path.push(i);
      collectUndeclared(raw[i], parsed[i], path, out);
      path.pop();
    }
    return;
  }
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return;
  for (const key in raw) {
    if (!Object.hasOwn(raw, key)) continue;
    const value = raw[key];
    if (value === undefined) continue;
    path.push(key);
    if (!Object.hasOwn(parsed, key)) out.push(pathText(path));
    else collectUndeclared(value, parsed[key], path, out);
    path.pop();
  }
}

/** `items[2].data.text` from `['items', 2, 'data', 'text']`. */
function pathText(path: readonly (string | number)[]): string {
  let text = '';
  for (const segment of path) text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  return text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
