// The error base itself, not the storage layer's index: this module loads before the port is held.
import { BoardsError } from '../storage/errors.js';

/**
 * The server cannot start because of its environment (a port in use, a data folder that is a
 * file or held by another server, an unreachable MongoDB). The message is one line that names
 * the setting to change; the command line prints it and exits 1, without a stack.
 */
export class StartupError extends BoardsError<'startup_failed'> {
  /** The configuration variable to look at, e.g. `BOARDS_PORT`. */
  readonly setting: string;

  constructor(setting: string, message: string, options?: { cause?: unknown }) {
    super('startup_failed', message, options);
    this.setting = setting;
  }
}
