import path from 'node:path';
import { z } from 'zod';
import type { Parsed } from './readers.js';
import type { storageVariables } from './storageSettings.js';

/** The variables of sign-in: the session secret and the mail that carries sign-in codes. */
export const signInVariables = {
  BOARDS_SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  BOARDS_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  BOARDS_MAIL_FROM: z.string().min(3, { error: 'must be an address such as Boards <no-reply@example.com>' }).default('Boards <no-reply@localhost>'),
  BOARDS_DEV_OUTBOX: z.string().min(1, { error: 'must not be empty' }).optional(),
};

/** Sign-in and mail (part of `Config`). */
export interface SignInConfig {
  /** Signs session cookies and seals client secrets; null: generated once and kept in the data dir. */
  readonly sessionSecret: string | null;
  /** Mail transport for sign-in codes; null: the development outbox (log + file). */
  readonly smtpUrl: string | null;
  /** Sender of sign-in mail; default `Boards <no-reply@localhost>`. */
  readonly mailFrom: string;
  /** JSON-lines file the development mailer appends to; default `<data dir>/dev-outbox.jsonl`. */
  readonly devOutboxPath: string;
}

/** The sign-in and mail settings of parsed variables (the development outbox defaults into the data folder). */
export function signInConfig(e: Parsed<typeof signInVariables> & Pick<Parsed<typeof storageVariables>, 'BOARDS_DATA_DIR'>): SignInConfig {
  return {
    sessionSecret: e.BOARDS_SESSION_SECRET ?? null,
    smtpUrl: e.BOARDS_SMTP_URL ?? null,
    mailFrom: e.BOARDS_MAIL_FROM,
    devOutboxPath: path.resolve(e.BOARDS_DEV_OUTBOX ?? path.join(e.BOARDS_DATA_DIR, 'dev-outbox.jsonl')),
  };
}
