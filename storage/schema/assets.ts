import type { CollectionSpec } from '../Collection.js';

/** The image types an asset may hold (SVG is refused: it can carry scripts). */
export type AssetContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/**
 * An uploaded image of a board. A copy of a board holds its own rows under the same `assetId`
 * (the copied document references the same ids), so the record id is `<boardId>/<assetId>`.
 * The record is written after all its chunks and removed before them: a record that exists
 * always has its bytes.
 */
export interface AssetRecord {
  /** `<boardId>/<assetId>`. */
  id: string;
  boardId: string;
  /** `ast_<hex>`: what image items reference as `data.assetId`. */
  assetId: string;
  contentType: AssetContentType;
  /** Size of the image in bytes. */
  bytes: number;
  /** Pixels, read from the image's header. */
  width: number;
  height: number;
  /** How many chunks hold the bytes (`AssetChunkRecord`). */
  chunks: number;
  /** Hex SHA-256 of the bytes: the strong `ETag`. */
  sha256: string;
  createdBy: string;
  createdAt: number;
}

/**
 * One piece of an asset's bytes, base64 (records hold strings, numbers and booleans only). Pieces
 * keep every stored value far below the per-document limit of MongoDB (16 MB) and the sizes a
 * sqlite or PostgreSQL row handles without trouble.
 */
export interface AssetChunkRecord {
  /** `<boardId>/<assetId>/<index>`. */
  id: string;
  boardId: string;
  assetId: string;
  /** 0-based position of the piece. */
  index: number;
  base64: string;
}

/** Collections of the assets aggregate. */
export const assetCollections = {
  assets: { name: 'assets', indexes: [{ fields: ['boardId', 'assetId'] }] },
  chunks: { name: 'asset_chunks', indexes: [{ fields: ['boardId', 'assetId', 'index'] }] },
} as const satisfies Record<string, CollectionSpec>;
