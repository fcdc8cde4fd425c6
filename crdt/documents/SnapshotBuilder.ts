import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { StoredDocument } from '../../storage/index.js';
import { lowerChildPriority } from '../../storage/threadPriority.js';
import { foldStored, packUpdates, snapshotProcessFlag } from './snapshotWorker.js';
import type { FoldRequest, Folded, SnapshotAnswer, SnapshotRequest, SplitRequest, SplitState } from './snapshotWorker.js';
import { CrdtError } from '../errors.js';

/**
 * The compiled worker beside this module (in the server's bundle, beside the chunk that holds it:
 * `snapshotWorker.js` is an entry point of the bundle); undefined when running from sources
 * (tests), which fold in-thread.
 */
export const compiledSnapshotWorkerUrl = import.meta.url.endsWith('.js') ? new URL('./snapshotWorker.js', import.meta.url) : undefined;

/** What a request sent to the worker resolves with: its answer, less the id. */
type Reply = Exclude<SnapshotAnswer, { error: string }>;

/** Milliseconds the snapshot process stays up with nothing to do (it holds the heap of its last board until it ends). */
const defaultIdleMs = 30_000;

/**
 * Bytes of a request copied into the channel per event-loop turn: the 4 MB snapshot of a 10k-item
 * board sent in one message held the event loop 3 to 8 ms for the copy alone, in the turn that
 * had just read the board's log.
 */
export const requestBytesPerTurn = 512 * 1024;

/** A request without its id. */
type Request = Omit<FoldRequest, 'id'> | Omit<SplitRequest, 'id'>;

/**
 * The large bytes of `request` as pieces to send ahead of it, one per turn, and what is left to
 * send as the request: a fold's snapshot parts, or a split's update, end to end in pieces of
 * `requestBytesPerTurn` bytes (views, not copies), and the sizes the snapshot process cuts them
 * back into. A request of fewer bytes goes whole.
 */
export function piecesOf(request: Request): { pieces: Uint8Array[][]; rest: Request } {
  const blobs = request.kind === 'split' ? [request.update] : (request.snapshot ?? []);
  const sizes = blobs.map((blob) => blob.byteLength);
  if (sizes.reduce((sum, size) => sum + size, 0) <= requestBytesPerTurn) return { pieces: [], rest: request };
  const pieces: Uint8Array[][] = [];
  let piece: Uint8Array[] = [];
  let room = requestBytesPerTurn;
  for (const blob of blobs) {
    for (let offset = 0; offset < blob.byteLength; ) {
      const take = Math.min(room, blob.byteLength - offset);
      piece.push(blob.subarray(offset, offset + take));
      offset += take;
      room -= take;
      if (room === 0) {
        pieces.push(piece);
        piece = [];
        room = requestBytesPerTurn;
      }
    }
  }
  if (piece.length > 0) pieces.push(piece);
  const rest: Request = request.kind === 'split' ? { ...request, update: new Uint8Array(), pieceSizes: sizes } : { ...request, snapshot: [], pieceSizes: sizes };
  return { pieces, rest };
}

/**
 * Folds a stored document (snapshot + logged updates) into one snapshot for compaction, a large
 * one in parts (`foldStored`), and splits a large snapshot stored whole into parts for a load.
 * With a worker URL this runs in a child process (`snapshotWorker.js`), started on first use,
 * ended after `idleMs` with nothing to do, and never keeping the server alive: rebuilding,
 * encoding or decoding a large board takes hundreds of milliseconds, which on the event loop
 * would stall every connection of the process. A process rather than a worker thread because a
 * worker's garbage collection runs on V8's helper threads, which the whole server shares: a
 * thread at background priority still had about half of a fold's work done at full priority
 * beside the event loop. The process lowers all its threads (`lowerProcessPriority`). Without a
 * URL, folding runs in-thread and gives one part, and splitting is declined (decoding in-thread
 * costs the event loop more than applying the snapshot whole). A process that fails is
 * replaced on the next call; its pending calls reject. Requests run one at a time.
 */
export class SnapshotBuilder {
  readonly #workerUrl: URL | undefined;
  readonly #idleMs: number;
  #child: ChildProcess | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  readonly #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closed = false;

  /** `idleMs`: how long the process stays up with nothing to do (default 30 s). */
  constructor(workerUrl: URL | undefined, options: { idleMs?: number } = {}) {
    this.#workerUrl = workerUrl;
    this.#idleMs = options.idleMs ?? defaultIdleMs;
  }

  /** Whether requests run in a process of their own (else folding runs in-thread, and stores one part). */
  get inWorker(): boolean {
    return this.#workerUrl !== undefined;
  }

  /** The snapshot process's id while it runs (for tests and diagnostics). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /**
   * The snapshot of `stored` in the parts to store (a large one split, in the worker), and how
   * many of its updates did not apply (skipped).
   */
  async build(stored: Pick<StoredDocument, 'snapshot' | 'updates'>): Promise<Folded> {
    if (this.#closed) throw new CrdtError('snapshot_failed', 'The snapshot builder is closed.');
    if (this.#workerUrl === undefined) return foldStored(stored.snapshot, stored.updates, { split: false });
    return this.#fold(this.#workerUrl, stored, true);
  }

  /**
   * The state of `stored` as one update, folded in the worker (a snapshot stored in parts, for a
   * client that joins with nothing); null without a worker, or when an update did not apply.
   */
  async encodeWhole(stored: Pick<StoredDocument, 'snapshot' | 'updates'>): Promise<Uint8Array | null> {
    if (this.#closed) throw new CrdtError('snapshot_failed', 'The snapshot builder is closed.');
    if (this.#workerUrl === undefined) return null;
    const { state, skipped } = await this.#fold(this.#workerUrl, stored, false);
    const [whole] = state;
    return skipped === 0 && state.length === 1 && whole !== undefined ? whole : null;
  }

  async #fold(url: URL, stored: Pick<StoredDocument, 'snapshot' | 'updates'>, split: boolean): Promise<Folded> {
    const reply = await this.#call(url, { kind: 'fold', snapshot: stored.snapshot, updates: packUpdates(stored.updates), split });
    if (!('state' in reply)) throw new CrdtError('snapshot_failed', 'The snapshot worker answered a fold with something else.');
    return { state: reply.state, skipped: reply.skipped };
  }

  /** A stored snapshot in parts to apply in order (see `splitUpdate`); null when it cannot be split, or without a worker. */
  async split(update: Uint8Array): Promise<SplitState> {
    if (this.#closed) throw new CrdtError('snapshot_failed', 'The snapshot builder is closed.');
    if (this.#workerUrl === undefined) return null;
    const reply = await this.#call(this.#workerUrl, { kind: 'split', update });
    if (!('split' in reply)) throw new CrdtError('snapshot_failed', 'The snapshot worker answered a split with something else.');
    return reply.split;
  }

  /**
   * Sends `request` and resolves with its answer. Starting the process holds a turn for several
   * milliseconds (a fork of a large server), and copying a large request into the channel as
   * long: the request is sent from the next turn, its large bytes a piece per turn (`piecesOf`).
   */
  async #call(url: URL, request: Request): Promise<Reply> {
    const started = this.#child === undefined;
    const child = this.#start(url);
    if (started) await nextTurn();
    if (this.#closed) throw new CrdtError('snapshot_failed', 'The snapshot builder is closed.');
    const id = this.#nextId++;
    const answered = new Promise<Reply>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    // Rejected, perhaps, while the pieces are sent: not unhandled meanwhile (the caller gets it).
    answered.catch(() => undefined);
    this.#busy(child);
    const { pieces, rest } = piecesOf(request);
    for (const chunks of pieces) {
      this.#send(child, { kind: 'piece', id, chunks });
      await nextTurn();
      // Failed meanwhile (the process ended, or the builder closed): the call has been rejected.
      if (!this.#pending.has(id)) return answered;
    }
    this.#send(child, { ...rest, id });
    return answered;
  }

  /** Writes `message` into the channel; a failure to take it rejects its call. */
  #send(child: ChildProcess, message: SnapshotRequest): void {
    child.send(message, (error) => {
      if (error === null) return;
      // The channel closed under us: the exit handler rejects the rest.
      const call = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (this.#pending.size === 0 && this.#child === child) this.#idle(child);
      call?.reject(new CrdtError('snapshot_failed', `The snapshot process did not take the request: ${error.message}`));
    });
  }

  /** Ends the process; calls still pending reject. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#failAll(new CrdtError('snapshot_failed', 'The snapshot builder closed.'));
    await this.#end();
  }

  #start(url: URL): ChildProcess {
    if (this.#child !== undefined) return this.#child;
    const child = fork(fileURLToPath(url), [snapshotProcessFlag], {
      // Typed arrays cross as typed arrays (a copy), not as JSON.
      serialization: 'advanced',
      // Not the server's own options (an inspector, a preloaded module, a profiler); `gc` to
      // return a board's heap once idle (`releaseHeap` in snapshotWorker.ts).
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // At once, not only once it runs (`lowerProcessPriority`): its start-up takes tens of
    // milliseconds of a core, which must not be the event loop's.
    if (child.pid !== undefined) lowerChildPriority(child.pid);
    child.on('message', (answer: SnapshotAnswer) => {
      const call = this.#pending.get(answer.id);
      if (call === undefined) return;
      this.#pending.delete(answer.id);
      if (this.#pending.size === 0) this.#idle(child);
      if ('error' in answer) call.reject(new CrdtError('snapshot_failed', `The snapshot process failed: ${answer.error}`));
      else call.resolve(answer);
    });
    const fail = (error: Error): void => {
      if (this.#child !== child) return;
      this.#child = undefined;
      clearTimeout(this.#idleTimer);
      this.#failAll(error);
    };
    child.on('error', (error) => fail(new CrdtError('snapshot_failed', `The snapshot process failed: ${error.message}`)));
    child.on('exit', (code, signal) => fail(new CrdtError('snapshot_failed', `The snapshot process stopped (${signal ?? `exit code ${code}`}).`)));
    this.#child = child;
    return child;
  }

  /** A request is pending: the process keeps the server alive and stays up. */
  #busy(child: ChildProcess): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    child.ref();
    child.channel?.ref();
  }

  /** Nothing is pending: the process no longer keeps the server alive, and ends after `idleMs`. */
  #idle(child: ChildProcess): void {
    child.unref();
    child.channel?.unref();
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#child === child && this.#pending.size === 0) void this.#end();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  /** Ends the process, if any, and resolves once it has exited. */
  async #end(): Promise<void> {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    const child = this.#child;
    this.#child = undefined;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Held while it ends: an idle process is unreferenced, and with nothing else left (a command
    // or a shutdown closing its last handles) the loop would end before 'exit', the close unsettled.
    child.ref();
    child.kill('SIGKILL');
    await exited;
  }

  #failAll(error: Error): void {
    const calls = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of calls) call.reject(error);
  }
}
