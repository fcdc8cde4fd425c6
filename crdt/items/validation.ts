import type { z } from 'zod';
import type { ValidationIssue } from '../errors.js';

/** `['operations', 3, 'data', 'text']` -> `operations[3].data.text`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out.length > 0 ? `.${String(key)}` : String(key);
  }
  return out;
}

/** `prefix` and `field` joined as a path (`operations[2]` + `data.text`, or `[0]`). */
export function joinFieldPath(prefix: string, field: string): string {
  if (prefix.length === 0) return field;
  if (field.length === 0) return prefix;
  return field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`;
}

/** A zod error as issues whose fields start with `prefix`; an unknown key becomes one issue per key. */
export function issuesFromZod(error: z.ZodError, prefix: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    const base = joinFieldPath(prefix, formatFieldPath(issue.path));
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) issues.push({ field: joinFieldPath(base, key), message: 'Unknown field.' });
    } else {
      issues.push({ field: base.length > 0 ? base : '(body)', message: issue.message });
    }
  }
  return issues;
}

/** Either a parsed value or the issues that stopped it. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: ValidationIssue[] };

/** Runs `schema` on `input`, naming fields under `prefix`. */
export function checkWith<T>(schema: z.ZodType<T>, input: unknown, prefix: string): Checked<T> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: issuesFromZod(result.error, prefix) };
}
