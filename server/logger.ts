import type { DestinationStream, Logger } from 'pino';
import { createRequire } from 'node:module';
import { pino } from 'pino';
import type { PinoPretty as PrettyStream } from 'pino-pretty';
import { logRedactPaths } from './redaction.js';
import type { Config } from './config.js';

/**
 * The logger; credentials are redacted wherever they appear in a logged object. Lines go to
 * `destination` when given (tests), else to stdout: pino's pretty printer when `logFormat` is
 * `pretty` or `auto` with stdout a terminal, one JSON object a line otherwise, written
 * asynchronously.
 */
export function createLogger(config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'boards' },
    redact: { paths: logRedactPaths, censor: '[redacted]' },
  };
  if (destination) return pino(options, destination);
  const format = config.logFormat ?? 'auto';
  if (format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true)) {
    // Loaded only for a terminal: a server writing JSON lines never holds the pretty printer.
    const { PinoPretty } = createRequire(import.meta.url)('pino-pretty') as { PinoPretty: typeof PrettyStream };
    return pino(options, PinoPretty({ colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service', sync: true }));
  }
  // Written off the event loop: a request pays for formatting its line, not for the write, and a
  // reader of stdout that falls behind never blocks the server (a synchronous write to a full pipe
  // would wait). Lines pending at exit are flushed; past `maxLength` bytes pending, new lines are
  // dropped rather than held in memory without bound.
  return pino(options, pino.destination({ dest: 1, sync: false, maxLength: pendingLogBytes }));
}

/** Most bytes of log lines waiting for stdout before new lines are dropped. */
const pendingLogBytes = 16 * 1024 * 1024;
