import type { Collection } from './Collection.js';
import type { Database } from './Database.js';
import { StorageError } from './errors.js';
import type { AssetChunkRecord, AssetRecord } from './schema/assets.js';
import { assetCollections } from './schema/assets.js';

/** Raw bytes per stored chunk: 256 KiB (about 341 KB once base64), far below every store's value limits. */
export const assetChunkBytes = 256 * 1024;

/** What `AssetStore.put` stores besides the bytes (the id and chunk count follow from them). */
export type NewAsset = Omit<AssetRecord, 'id' | 'chunks'>;

/** How many assets a board holds and their bytes together. */
export interface AssetUsage {
  readonly count: number;
  readonly bytes: number;
}

/**
 * Uploaded images of boards over the generic record port, so every store (sqlite, PostgreSQL,
 * MongoDB) keeps them alike: the bytes in base64 chunks, then the record that makes them visible.
 */
export class AssetStore {
  readonly #assets: Collection<AssetRecord>;
  readonly #chunks: Collection<AssetChunkRecord>;

  constructor(db: Database) {
    this.#assets = db.collection<AssetRecord>(assetCollections.assets);
    this.#chunks = db.collection<AssetChunkRecord>(assetCollections.chunks);
  }

  /**
   * Stores an asset durably: its chunks first, then its record, so a crash part way leaves no
   * record without bytes (orphaned chunks of an unfinished upload are replaced by a retry under a
   * new id and removed with the board). Throws `DuplicateKeyError` when the board has this asset id.
   */
  async put(asset: NewAsset, bytes: Uint8Array): Promise<AssetRecord> {
    const chunks = Math.max(1, Math.ceil(bytes.byteLength / assetChunkBytes));
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let index = 0; index < chunks; index++) {
      const base64 = data.subarray(index * assetChunkBytes, (index + 1) * assetChunkBytes).toString('base64');
      await this.#chunks.put({ id: chunkId(asset.boardId, asset.assetId, index), boardId: asset.boardId, assetId: asset.assetId, index, base64 });
    }
    const record: AssetRecord = { id: recordId(asset.boardId, asset.assetId), ...asset, chunks };
    await this.#assets.insert(record);
    return record;
  }

  /** The asset's record, or null when the board has no asset with this id. */
  async get(boardId: string, assetId: string): Promise<AssetRecord | null> {
    return this.#assets.get(recordId(boardId, assetId));
  }

  /** The asset's bytes. Throws StorageError `storage_damaged` when chunks are missing or do not add up to the recorded size. */
  async read(record: AssetRecord): Promise<Buffer> {
    const rows = await this.#chunks.find({ boardId: record.boardId, assetId: record.assetId, index: { $lt: record.chunks } }, { sort: [['index', 1]] });
    const parts = rows.map((row) => Buffer.from(row.base64, 'base64'));
    const data = Buffer.concat(parts);
    if (rows.length !== record.chunks || rows.some((row, i) => row.index !== i) || data.byteLength !== record.bytes) {
      throw new StorageError('storage_damaged', `The stored bytes of asset ${record.assetId} do not add up to its ${record.bytes} bytes.`);
    }
    return data;
  }

  /** How many assets the board holds and how many bytes together. */
  async usage(boardId: string): Promise<AssetUsage> {
    const records = await this.#assets.find({ boardId });
    return { count: records.length, bytes: records.reduce((sum, record) => sum + record.bytes, 0) };
  }

  /** Copies the listed assets of one board to another (a board's duplicate); ids the source lacks or the target has are skipped. Returns how many were copied. */
  async copy(fromBoardId: string, toBoardId: string, assetIds: Iterable<string>): Promise<number> {
    let copied = 0;
    for (const assetId of new Set(assetIds)) {
      const source = await this.get(fromBoardId, assetId);
      if (!source || (await this.get(toBoardId, assetId))) continue;
      const { id: _id, chunks: _chunks, ...asset } = source;
      await this.put({ ...asset, boardId: toBoardId }, await this.read(source));
      copied++;
    }
    return copied;
  }

  /** Deletes every asset of a board (records first, so none is visible without its bytes); returns how many. */
  async deleteBoard(boardId: string): Promise<number> {
    const deleted = await this.#assets.deleteMany({ boardId });
    await this.#chunks.deleteMany({ boardId });
    return deleted;
  }
}

function recordId(boardId: string, assetId: string): string {
  return `${boardId}/${assetId}`;
}

function chunkId(boardId: string, assetId: string, index: number): string {
  return `${boardId}/${assetId}/${index}`;
}
