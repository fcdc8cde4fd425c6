import { z } from 'zod';

/** A whole number from `min` to `max`; every bad value gets the one `message`. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/** A TCP port; 0 picks a free one. */
export const port = wholeNumber(0, 65535, 'must be a whole number from 0 to 65535');

/** A positive whole number of `what` ("a positive whole number of bytes"). */
export const positiveInt = (what: string) =>
  z.coerce.number({ error: `must be ${what}` }).int({ error: `must be ${what}` }).positive({ error: `must be ${what}` });

/** A string that is not empty once trimmed; the trimmed value is kept. */
export const trimmedNonEmpty = () => z.string().trim().min(1, { error: 'must not be empty' });

/** `true` or `false`, kept as the string. */
export const trueOrFalse = () => z.enum(['true', 'false'], { error: 'must be true or false' });

/** What a group of variables parses to. */
export type Parsed<Variables extends z.ZodRawShape> = z.output<z.ZodObject<Variables>>;

/** A rule over several variables, run once each of them parsed: it adds an issue naming the variable to fix. */
export type CrossRule<Env> = (env: Env, ctx: z.RefinementCtx) => void;
