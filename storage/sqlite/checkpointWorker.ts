import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { lowerThreadPriority } from '../threadPriority.js';
import { configureConnection } from './connection.js';

/** What the checkpoint worker is started with. */
export interface CheckpointWorkerData {
  /** Marks a real checkpoint worker: importing this module anywhere else never takes over `parentPort`. */
  role: typeof checkpointWorkerRole;
  file: string;
  intervalMs: number;
}

/** The `role` of `CheckpointWorkerData`. */
export const checkpointWorkerRole = 'boards.checkpointWorker';

/** A message from the checkpoint worker: a failed checkpoint, or the answer to `close`. */
export type CheckpointWorkerMessage = { kind: 'failed'; message: string } | { kind: 'closed' };

// Runs in a worker thread with its own connection: copies committed WAL frames into the
// database file every `intervalMs` (PASSIVE: never waits for, nor blocks, the server's writers),
// so the connections of the event loop never run a checkpoint (and its two fsyncs) inside a
// commit. A checkpoint with synchronous=NORMAL fsyncs the WAL before copying and the database
// after, so frames the WAL later overwrites were durable first.
if (parentPort && (workerData as Partial<CheckpointWorkerData> | null)?.role === checkpointWorkerRole) {
  const port = parentPort;
  const data = workerData as CheckpointWorkerData;
  // Checkpoints are background work (PASSIVE, never awaited by a writer): they yield the core to the event loop.
  lowerThreadPriority();
  const db = new BetterSqlite3(data.file);
  configureConnection(db, 'normal');
  const checkpoint = (): void => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies CheckpointWorkerMessage);
    }
  };
  const timer = setInterval(checkpoint, data.intervalMs);
  port.on('message', (message: unknown) => {
    if (message !== 'close') return;
    clearInterval(timer);
    checkpoint();
    db.close();
    port.postMessage({ kind: 'closed' } satisfies CheckpointWorkerMessage);
    port.close();
  });
}
