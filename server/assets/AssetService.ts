import { createHash } from 'node:crypto';
import type { Clock, Database } from '../../storage/index.js';
import { AssetStore, DuplicateKeyError, newId } from '../../storage/index.js';
import type { AssetContentType, AssetRecord } from '../../storage/schema/assets.js';
import type { AccessService } from '../access/AccessService.js';
import { requireUnlocked } from '../access/AccessService.js';
import type { Principal } from '../auth/Principal.js';
import { requireScope } from '../auth/requireScope.js';
import { ServiceError, errors } from '../errors.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import { readImage } from '../images/readImage.js';
import { assetIdsOf } from './assetReferences.js';

/** Image types an upload may have; SVG is not one (it can run scripts when opened). */
export const assetContentTypes: readonly AssetContentType[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Largest image accepted: 10 MiB. */
export const maxAssetBytes = 10 * 1024 * 1024;

/** What one board may hold in uploaded images: 500 images and 250 MiB together (409 `asset_quota_exceeded` past either). */
export const boardAssetQuota = Object.freeze({ count: 500, bytes: 250 * 1024 * 1024 });

/** An asset as the API shows it. */
export interface AssetView {
  readonly id: string;
  readonly boardId: string;
  readonly contentType: AssetContentType;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly createdAt: string;
}

/** An asset with its bytes, for `GET /boards/{boardId}/assets/{assetId}`. */
export interface AssetContent {
  readonly record: AssetRecord;
  readonly data: Buffer;
}

/** The image an asset copy takes: its board and its id there. */
export interface AssetSource {
  readonly boardId: string;
  readonly assetId: string;
}

/** What `AssetService.copy` did: the target board's asset, and whether this call stored it (false: the board had it already). */
export interface AssetCopy {
  readonly asset: AssetView;
  readonly created: boolean;
}

/** Dependencies of `AssetService`. */
export interface AssetServiceOptions {
  db: Database;
  access: AccessService;
  clock: Clock;
  /** Board duplicates are heard here: the copy gets the images its items reference. */
  events: DomainEvents;
}

/**
 * Uploaded images of boards: editors upload (the bytes are checked, never the name or header
 * alone), anyone who can read the board reads them, a duplicate copies the ones its items
 * reference, and a board's purge removes them (`BoardPurger`).
 */
export class AssetService {
  readonly #store: AssetStore;
  readonly #access: AccessService;
  readonly #clock: Clock;

  constructor(options: AssetServiceOptions) {
    this.#store = new AssetStore(options.db);
    this.#access = options.access;
    this.#clock = options.clock;
    options.events.on('board.duplicated', (event) => this.#store.copy(event.sourceBoardId, event.boardId, assetIdsOf(event.items)));
  }

  /**
   * Stores an image for the board. Needs the right to edit the board (locked boards: admins and
   * owners; 409 `trashed` in trash). Throws 422 `invalid_image` when the body is empty, is no PNG,
   * JPEG, WebP or GIF, or is another type than `declaredType`; 413 past `maxAssetBytes`; 409
   * `asset_quota_exceeded` past `boardAssetQuota`.
   */
  async upload(principal: Principal, boardId: string, declaredType: AssetContentType, bytes: Uint8Array): Promise<AssetView> {
    const { board, role } = await this.#access.requireBoard(principal.user.id, boardId, 'edit');
    requireUnlocked(board, role);
    if (bytes.byteLength === 0) throw new ServiceError('invalid_image', 'The body is empty: send the image bytes.');
    if (bytes.byteLength > maxAssetBytes) throw new ServiceError('payload_too_large', `An image may have at most ${maxAssetBytes} bytes (10 MiB).`);
    const image = readImage(bytes, assetContentTypes);
    if (!image) throw new ServiceError('invalid_image', 'The body is not a PNG, JPEG, WebP or GIF image.');
    if (image.contentType !== declaredType) {
      throw new ServiceError('invalid_image', `The body is ${image.contentType}, not ${declaredType} as its Content-Type says.`);
    }
    await this.#requireRoom(board.id, bytes.byteLength);
    const record = await this.#store.put(
      {
        boardId: board.id,
        assetId: newId('ast'),
        contentType: image.contentType,
        bytes: bytes.byteLength,
        width: image.width,
        height: image.height,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        createdBy: principal.user.id,
        createdAt: this.#clock.now(),
      },
      bytes,
    );
    return assetView(record);
  }

  /**
   * Copies an image of another board (one the caller can read) to this one, under the same asset
   * id, so an image item copied from there shows it here unchanged. Rights and checks are an
   * upload's on the target (edit, unlocked, 409 `trashed`, the bytes read again as an image, the
   * per-board cap) plus reading the source: 403 `insufficient_scope` without `boards:read`, 404
   * when the source board cannot be read or has no such image. Idempotent: when the board has the
   * image already (a retry, or a copy made before) it is answered as it is, `created: false`.
   */
  async copy(principal: Principal, boardId: string, source: AssetSource): Promise<AssetCopy> {
    const { board, role } = await this.#access.requireBoard(principal.user.id, boardId, 'edit');
    requireUnlocked(board, role);
    requireScope(principal, 'boards:read', 'Copying an image reads its board: this needs the boards:read scope too.');
    await this.#access.requireBoard(principal.user.id, source.boardId, 'read');
    const original = await this.#store.get(source.boardId, source.assetId);
    if (!original) throw errors.notFound('Asset');
    const existing = await this.#store.get(board.id, original.assetId);
    if (existing) return { asset: assetView(existing), created: false };
    const data = await this.#store.read(original);
    const image = readImage(data, assetContentTypes);
    if (!image || data.byteLength > maxAssetBytes) throw new ServiceError('invalid_image', 'The stored image is not a PNG, JPEG, WebP or GIF of at most 10 MiB.');
    await this.#requireRoom(board.id, data.byteLength);
    const { id: _id, chunks: _chunks, ...facts } = original;
    try {
      const record = await this.#store.put({ ...facts, boardId: board.id, contentType: image.contentType, createdBy: principal.user.id, createdAt: this.#clock.now() }, data);
      return { asset: assetView(record), created: true };
    } catch (error) {
      // Two copies of one image racing: the first stored it, the second answers it.
      const stored = error instanceof DuplicateKeyError ? await this.#store.get(board.id, original.assetId) : null;
      if (!stored) throw error;
      return { asset: assetView(stored), created: false };
    }
  }

  /** Throws 409 `asset_quota_exceeded` unless the board has room for one more image of `bytes`. */
  async #requireRoom(boardId: string, bytes: number): Promise<void> {
    const usage = await this.#store.usage(boardId);
    if (usage.count + 1 > boardAssetQuota.count || usage.bytes + bytes > boardAssetQuota.bytes) {
      throw new ServiceError('asset_quota_exceeded', `A board holds at most ${boardAssetQuota.count} images and ${boardAssetQuota.bytes / 1024 / 1024} MiB of them.`, {
        details: { limit: { count: boardAssetQuota.count, bytes: boardAssetQuota.bytes }, used: { count: usage.count, bytes: usage.bytes } },
      });
    }
  }

  /** The image with its bytes, for whoever can read the board (public-link guests too); 404 for anyone else or an unknown id. */
  async read(principal: Principal, boardId: string, assetId: string): Promise<AssetContent> {
    await this.#access.requireBoard(principal.user.id, boardId, 'read');
    const record = await this.#store.get(boardId, assetId);
    if (!record) throw errors.notFound('Asset');
    return { record, data: await this.#store.read(record) };
  }

  /**
   * The image with its bytes for a public-link guest: `link` must open the board (enabled, not
   * expired, the board's or its space's link, board not in trash); 404 otherwise.
   */
  async readByLink(link: string, boardId: string, assetId: string): Promise<AssetContent> {
    if (!(await this.#access.publicLinkAccess(link, boardId))) throw errors.notFound('Board');
    const record = await this.#store.get(boardId, assetId);
    if (!record) throw errors.notFound('Asset');
    return { record, data: await this.#store.read(record) };
  }
}

/** The API shape of a stored asset. */
export function assetView(record: AssetRecord): AssetView {
  return {
    id: record.assetId,
    boardId: record.boardId,
    contentType: record.contentType,
    bytes: record.bytes,
    width: record.width,
    height: record.height,
    createdAt: new Date(record.createdAt).toISOString(),
  };
}
