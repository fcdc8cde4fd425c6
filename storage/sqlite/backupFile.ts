import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { BackupError } from './BackupError.js';

/**
 * The backup file, format 1. All integers little-endian:
 *
 * ```
 * 8 bytes   magic "BRDSBKUP"
 * u32       format version (1)
 * u32       H, the length of the header
 * H bytes   header: UTF-8 JSON, `BackupHeader`
 * S bytes   the data folder's `session-secret` (S = header.secretBytes, 0 when it had none)
 * D bytes   the SQLite database, as SQLite's online backup wrote it (D = header.databaseBytes)
 * J bytes   journal records not yet in that database, in the journal's own record encoding
 *           (`DocumentJournal`: length, CRC-32, body), in the order they were written
 * 32 bytes  SHA-256 of every byte before it
 * ```
 *
 * A reader checks the magic, the version, the sizes (a file cut short is named truncated) and
 * the digest before it trusts any byte of it.
 */
export interface BackupHeader {
  /** When the backup started (ISO 8601). */
  createdAt: string;
  /** Board records in the database. */
  boards: number;
  secretBytes: number;
  databaseBytes: number;
  journalBytes: number;
  journalRecords: number;
}

const magic = Buffer.from('BRDSBKUP', 'ascii');
/** The format this code writes and the newest it reads. */
export const backupFormatVersion = 1;
const prefixBytes = magic.byteLength + 8;
const digestBytes = 32;
/** Headers are a few hundred bytes; a larger length is damage, not a header to allocate. */
const maxHeaderBytes = 64 * 1024;
const chunkBytes = 1024 * 1024;

/** Where the sections of a checked backup file are. */
export interface BackupLayout {
  header: BackupHeader;
  /** Byte offsets of the sections in the file. */
  secretAt: number;
  databaseAt: number;
  journalAt: number;
  /** Size of the whole file. */
  fileBytes: number;
}

/** Told how far a long step went: `done` of `total` (bytes or pages). */
export type BackupProgress = (progress: { step: 'database' | 'checksum' | 'writing'; done: number; total: number }) => void;

/** Throws BackupError `backup_refused` once `signal` is aborted (`what`: the backup or the restore, for the message). */
export function throwIfAborted(signal: AbortSignal | undefined, what: 'backup' | 'restore'): void {
  if (signal?.aborted) throw new BackupError('backup_refused', `The ${what} was interrupted; nothing was left behind.`);
}

/** `onProgress` that first stops the work once `signal` is aborted: long steps report often, so they stop soon after. */
export function stoppable(onProgress: BackupProgress | undefined, signal: AbortSignal | undefined, what: 'backup' | 'restore'): BackupProgress {
  return (progress) => {
    throwIfAborted(signal, what);
    onProgress?.(progress);
  };
}

/**
 * Writes a backup file at `file` (created, mode 0600: it holds the server secret and every
 * record; refused if it exists) from its sections, the database streamed from `databaseFile`,
 * and fsyncs it. Returns its size in bytes.
 */
export async function writeBackupFile(
  file: string,
  sections: { header: BackupHeader; secret: Buffer; databaseFile: string; journal: Buffer },
  onProgress?: BackupProgress,
): Promise<number> {
  const { header, secret, databaseFile, journal } = sections;
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(prefixBytes);
  magic.copy(prefix, 0);
  prefix.writeUInt32LE(backupFormatVersion, magic.byteLength);
  prefix.writeUInt32LE(json.byteLength, magic.byteLength + 4);
  const total = prefixBytes + json.byteLength + secret.byteLength + header.databaseBytes + journal.byteLength + digestBytes;
  const handle = await open(file, 'wx', 0o600);
  const hash = createHash('sha256');
  let written = 0;
  const write = async (bytes: Uint8Array): Promise<void> => {
    hash.update(bytes);
    await handle.write(bytes);
    written += bytes.byteLength;
    onProgress?.({ step: 'writing', done: written, total });
  };
  try {
    await write(prefix);
    await write(json);
    await write(secret);
    let databaseBytes = 0;
    for await (const chunk of createReadStream(databaseFile, { highWaterMark: chunkBytes })) {
      databaseBytes += (chunk as Buffer).byteLength;
      await write(chunk as Buffer);
    }
    if (databaseBytes !== header.databaseBytes) throw new Error(`The database copy changed size while it was written (${databaseBytes} of ${header.databaseBytes} bytes).`);
    await write(journal);
    await handle.write(hash.digest());
    await handle.sync();
  } finally {
    await handle.close();
  }
  return total;
}

/**
 * Checks that `file` is a whole backup this version can read (magic, version, header, sizes,
 * SHA-256) and returns where its sections are. Throws BackupError `backup_invalid` naming what
 * is wrong: unreadable, not a backup, made by a newer version, truncated, or damaged.
 */
export async function readBackupLayout(file: string, onProgress?: BackupProgress): Promise<BackupLayout> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new BackupError('backup_invalid', `Cannot read the backup ${file} (${reason(error)}).`, { cause: error });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new BackupError('backup_invalid', `${file} is not a file.`);
    const fileBytes = stat.size;
    const prefix = await readAt(handle, 0, Math.min(prefixBytes, fileBytes), file);
    const magicSeen = prefix.subarray(0, magic.byteLength);
    if (!magic.subarray(0, magicSeen.byteLength).equals(magicSeen) || fileBytes === 0) throw new BackupError('backup_invalid', `${file} is not a Boards backup.`);
    if (fileBytes < prefixBytes) throw truncated(file);
    const version = prefix.readUInt32LE(magic.byteLength);
    if (version > backupFormatVersion) {
      throw new BackupError('backup_invalid', `${file} was written by a newer Boards server (backup format ${version}); this one reads format ${backupFormatVersion}. Restore it with that version.`);
    }
    if (version < 1) throw damaged(file, 'its format version is 0');
    const headerBytes = prefix.readUInt32LE(magic.byteLength + 4);
    if (headerBytes > maxHeaderBytes) throw damaged(file, 'its header length is out of range');
    if (fileBytes < prefixBytes + headerBytes) throw truncated(file);
    const header = parseHeader((await readAt(handle, prefixBytes, headerBytes, file)).toString('utf8'));
    if (header === undefined) throw damaged(file, 'its header is not a backup header');
    const secretAt = prefixBytes + headerBytes;
    const databaseAt = secretAt + header.secretBytes;
    const journalAt = databaseAt + header.databaseBytes;
    const digestAt = journalAt + header.journalBytes;
    if (fileBytes < digestAt + digestBytes) throw truncated(file);
    if (fileBytes > digestAt + digestBytes) throw damaged(file, `it has ${fileBytes - digestAt - digestBytes} bytes past its end`);
    const hash = createHash('sha256');
    let hashed = 0;
    for await (const chunk of createReadStream(file, { start: 0, end: digestAt - 1, highWaterMark: chunkBytes })) {
      hash.update(chunk as Buffer);
      hashed += (chunk as Buffer).byteLength;
      onProgress?.({ step: 'checksum', done: hashed, total: digestAt });
    }
    const digest = await readAt(handle, digestAt, digestBytes, file);
    if (hashed !== digestAt || !hash.digest().equals(digest)) throw damaged(file, 'its SHA-256 checksum does not match its contents');
    return { header, secretAt, databaseAt, journalAt, fileBytes };
  } finally {
    await handle.close();
  }
}

async function readAt(handle: FileHandle, position: number, length: number, file: string): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) throw truncated(file);
    read += bytesRead;
  }
  return buffer;
}

function parseHeader(text: string): BackupHeader | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const header = value as Record<string, unknown>;
  const counts = ['boards', 'secretBytes', 'databaseBytes', 'journalBytes', 'journalRecords'] as const;
  if (typeof header.createdAt !== 'string' || !counts.every((name) => Number.isSafeInteger(header[name]) && (header[name] as number) >= 0)) return undefined;
  if (header.databaseBytes === 0) return undefined;
  return {
    createdAt: header.createdAt,
    boards: header.boards as number,
    secretBytes: header.secretBytes as number,
    databaseBytes: header.databaseBytes as number,
    journalBytes: header.journalBytes as number,
    journalRecords: header.journalRecords as number,
  };
}

function truncated(file: string): BackupError {
  return new BackupError('backup_invalid', `The backup ${file} is truncated (cut short while it was written or copied).`);
}

function damaged(file: string, why: string): BackupError {
  return new BackupError('backup_invalid', `The backup ${file} is damaged: ${why}.`);
}

/** The short reason of a system error, e.g. `ENOENT: no such file or directory`. */
export function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  return code && !message.startsWith(code) ? `${code}: ${message}` : message.replace(/, (open|stat|mkdir|rename) '.*'$/, '');
}
