import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createLogger } from './logger.js';
import type { Services } from './Services.js';
import { createServices } from './Services.js';
import { openStore, prepareDataDir } from './startupChecks.js';
import { systemClock } from '../storage/index.js';

/**
 * Runs `fn` over the services of a `boards admin` command, then closes them and the store. A
 * command may run while a server uses the same store, so it does admin work only: the store is
 * opened without background work (sqlite: no WAL checkpointer, the server's document journal
 * left alone) and none of the server's background work is started (no webhook dispatcher, sweep,
 * job or live edit recovery, idle document sweep; see `startBackgroundWork`), and the documents it
 * reads (`reindex`) are never compacted, as the server owns them. Events the command
 * causes are written to the webhook outbox, which the server delivers.
 *
 * Standard output carries the command's answer (a key, a list) for scripts: logs go to standard
 * error, and only warnings and errors (the service's start-up notes are not the command's news).
 */
export async function withCommandServices<T>(config: Config, fn: (services: Services) => Promise<T>, logger: Logger = commandLogger(config)): Promise<T> {
  prepareDataDir(config);
  const db = await openStore(config, { background: false });
  try {
    const services = await createServices(config, db, systemClock, logger, { role: 'command' });
    try {
      return await fn(services);
    } finally {
      await services.close();
    }
  } finally {
    await db.close();
  }
}

function commandLogger(config: Config): Logger {
  const quiet = ['fatal', 'error', 'warn', 'silent'].includes(config.logLevel) ? config.logLevel : 'warn';
  return createLogger({ logLevel: quiet }, process.stderr);
}
