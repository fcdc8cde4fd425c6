import type { Server } from 'node:http';
import type { Config } from './config.js';
import { StartupError } from './StartupError.js';

// Loaded before the port is held: nothing here may import the store or the document layers.

/** The settings a listener's address comes from, named in start-up errors. */
export interface ListenSettings {
  readonly port: string;
  readonly host: string;
}

/**
 * Listens on the configured host and port; throws `StartupError` naming `BOARDS_PORT` (port in
 * use or not allowed) or `BOARDS_HOST` (no such interface), or the settings `names` gives (the
 * metrics listener's).
 */
export async function listenOn(http: Server, config: Pick<Config, 'host' | 'port'>, names: ListenSettings = { port: 'BOARDS_PORT', host: 'BOARDS_HOST' }): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => reject(listenError(error, config, names));
    http.once('error', onError);
    http.listen(config.port, config.host, () => {
      http.off('error', onError);
      resolve();
    });
  });
}

function listenError(error: NodeJS.ErrnoException, config: Pick<Config, 'host' | 'port'>, names: ListenSettings): Error {
  const address = `${config.host}:${config.port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return new StartupError(names.port, `Port ${config.port} on ${config.host} is already in use (is another Boards server running?). Stop it or set ${names.port} to a free port.`, { cause: error });
    case 'EACCES':
      return new StartupError(names.port, `Not allowed to listen on ${address}. Set ${names.port} to a port above 1023.`, { cause: error });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(names.host, `Cannot listen on ${config.host}: no such interface on this machine. Set ${names.host} to one of its addresses, such as 127.0.0.1.`, { cause: error });
    default:
      return new StartupError(names.host, `Cannot listen on ${address} (${systemReason(error)}). Check ${names.host} and ${names.port}.`, { cause: error });
  }
}

/** The short reason of a system error: `EACCES: permission denied` rather than a stack. */
export function systemReason(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = error.message.split('\n')[0] ?? '';
    return code && !message.startsWith(code) ? `${code}: ${message}` : message;
  }
  return String(error);
}
