import type { DestinationStream, Logger } from 'pino';
import { pino } from 'pino';
import { logRedactPaths } from './redaction.js';
import type { Config } from './config.js';

/** The JSON logger; credentials are redacted wherever they appear in a logged object. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'boards' },
    redact: { paths: logRedactPaths, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
