import type { BackupProgress } from '../storage/index.js';
import { BackupError, backupStore, restoreStore } from '../storage/index.js';
import type { Config } from './config.js';

/** Where the README explains backups of every store. */
const readmeSection = 'the "Backups" section of README.md';

/** Output of the commands: the summary goes to `out` (stdout), progress to `progress` (stderr). */
export interface BackupCommandOutput {
  out: (line: string) => void;
  progress: (line: string) => void;
}

/**
 * `boards admin backup --to FILE`: an online backup of the embedded store in `BOARDS_DATA_DIR`,
 * also while a server serves it. SIGINT/SIGTERM stop it with nothing left behind. Throws
 * BackupError (refused, or not the embedded store).
 */
export async function runBackup(config: Config, to: string, output: BackupCommandOutput): Promise<void> {
  refuseOtherStores(config, 'backup');
  const summary = await untilSignal((signal) => backupStore({ dataDir: config.dataDir, to, onProgress: progressReporter(output), signal }));
  const journal = summary.journalRecords === 0 ? '' : ` and ${summary.journalRecords} journaled document update${summary.journalRecords === 1 ? '' : 's'}`;
  output.out(`Backed up ${plural(summary.boards, 'board')}${journal} to ${summary.file}: ${formatBytes(summary.bytes)} in ${seconds(summary.durationMs)}.`);
}

/**
 * `boards admin restore --from FILE --data-dir DIR`: checks the backup and restores it into an
 * empty or missing folder. SIGINT/SIGTERM stop it, leaving the folder as it was. Throws
 * BackupError (an invalid file, or a folder that cannot take it).
 */
export async function runRestore(config: Config, from: string, dataDir: string, output: BackupCommandOutput): Promise<void> {
  refuseOtherStores(config, 'restore');
  const summary = await untilSignal((signal) => restoreStore({ from, dataDir, onProgress: progressReporter(output), signal }));
  output.out(`Restored ${plural(summary.boards, 'board')} from the backup of ${summary.createdAt} into ${summary.dataDir} in ${seconds(summary.durationMs)}.`);
  output.out(`Start the server on it with BOARDS_DATA_DIR=${summary.dataDir}; then \`boards admin reindex\` brings the search index up to date.`);
}

/** Runs `work` with a signal that SIGINT or SIGTERM aborts (a second one ends the process as usual). */
async function untilSignal<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const abort = (): void => stop.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  try {
    return await work(stop.signal);
  } finally {
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
  }
}

function refuseOtherStores(config: Config, command: 'backup' | 'restore'): void {
  if (config.storage.kind === 'sqlite') return;
  const tools =
    config.storage.kind === 'postgres'
      ? 'pg_dump --format=custom, or pg_basebackup with WAL archiving'
      : 'mongodump --oplog against a replica set, or filesystem snapshots';
  throw new BackupError(
    'backup_refused',
    `boards admin ${command} works on the embedded SQLite store only, and BOARDS_STORAGE is ${config.storage.kind}: use the database's own tools (${tools}); see ${readmeSection}.`,
  );
}

const stepNames: Record<Parameters<BackupProgress>[0]['step'], string> = {
  database: 'Copying the database',
  writing: 'Writing the backup file',
  checksum: 'Checking the backup file',
};

/** Reports progress at most once a second, and only once a step has run for a second: small stores print none. */
function progressReporter(output: BackupCommandOutput): BackupProgress {
  let last = performance.now();
  let lastStep = '';
  return ({ step, done, total }) => {
    const now = performance.now();
    if (step !== lastStep) {
      lastStep = step;
      last = now;
      return;
    }
    if (now - last < 1000 || total === 0) return;
    last = now;
    const unit = step === 'database' ? 'pages' : 'bytes';
    const amounts = unit === 'pages' ? `${done} of ${total} pages` : `${formatBytes(done)} of ${formatBytes(total)}`;
    output.progress(`${stepNames[step]}: ${Math.floor((done / total) * 100)}% (${amounts})`);
  };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
