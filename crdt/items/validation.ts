import type { z } from 'zod';
import { issuesFromZod } from '../errors.js';
import type { ValidationIssue } from '../errors.js';

/** Either a parsed value or the issues that stopped it. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: ValidationIssue[] };

/** Runs `schema` on `input`, naming fields under `prefix`. */
export function checkWith<T>(schema: z.ZodType<T>, input: unknown, prefix: string): Checked<T> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: issuesFromZod(result.error, prefix) };
}
