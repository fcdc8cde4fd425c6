import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

/** A message to one person. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields (e.g. `List-Unsubscribe`, RFC 2369 and RFC 8058). */
  headers?: Readonly<Record<string, string>>;
}

/** Sends mail; the transport is chosen by configuration. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends through SMTP (`BOARDS_SMTP_URL`) with nodemailer, loaded with the first message (a server that mails nothing never loads it). */
export class SmtpMailer implements Mailer {
  readonly #smtpUrl: string;
  readonly #from: string;
  #transport: Promise<Transporter> | null = null;

  constructor(smtpUrl: string, from: string) {
    this.#smtpUrl = smtpUrl;
    this.#from = from;
  }

  async send(message: MailMessage): Promise<void> {
    this.#transport ??= import('nodemailer').then(
      ({ default: nodemailer }) => nodemailer.createTransport(this.#smtpUrl),
      (error: unknown) => {
        this.#transport = null;
        throw error;
      },
    );
    await (await this.#transport).sendMail({ from: this.#from, ...message });
  }
}

/**
 * Development mail: each message goes to the log, to a JSON-lines file (the dev outbox) and to
 * `messages`, where tests read it. Never used when SMTP is configured.
 */
export class DevOutboxMailer implements Mailer {
  /** Every message sent, oldest first. */
  readonly messages: (MailMessage & { sentAt: number })[] = [];
  readonly #file: string;
  readonly #logger: () => Logger | null;
  readonly #now: () => number;

  constructor(file: string, logger: () => Logger | null, now: () => number) {
    this.#file = file;
    this.#logger = logger;
    this.#now = now;
  }

  async send(message: MailMessage): Promise<void> {
    const entry = { ...message, sentAt: this.#now() };
    this.messages.push(entry);
    this.#logger()?.info({ mailTo: message.to, subject: message.subject, text: message.text }, 'development mail (not sent)');
    await mkdir(path.dirname(this.#file), { recursive: true });
    await appendFile(this.#file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  }
}
