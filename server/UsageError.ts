// The error base itself, not the storage layer's index: this module loads before the port is held.
import { BoardsError } from '../storage/errors.js';

/**
 * A command line the `boards` CLI cannot run (an unknown command, a missing or wrong option):
 * it prints the message and the usage, and exits 2. Code `invalid_usage`.
 */
export class UsageError extends BoardsError<'invalid_usage'> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_usage', message, options);
  }
}
