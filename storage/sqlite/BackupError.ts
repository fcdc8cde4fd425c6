import { StorageError } from '../errors.js';

/**
 * Why `backupStore` or `restoreStore` stopped, with nothing left half-written: `backup_invalid`
 * (the file is not a whole backup this version can read: foreign, truncated, damaged, newer) or
 * `backup_refused` (the target exists or is not empty, a server uses it, a folder is missing, or
 * the store cannot be backed up this way). The message is one line, fit for an operator.
 */
export class BackupError extends StorageError {
  constructor(code: 'backup_invalid' | 'backup_refused', message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
