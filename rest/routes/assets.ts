import { z } from 'zod';
import { assetContentTypes, maxAssetBytes } from '../../server/assets/AssetService.js';
import type { Services } from '../../server/Services.js';
import type { AssetRecord } from '../../storage/schema/assets.js';
import { BinaryReply, Reply, defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { idParam } from '../schemas/common.js';

const tag = 'Assets';

/** Seconds a reader may keep an image: the bytes behind an address never change, so a day without asking again. */
export const assetMaxAgeSeconds = 86_400;

const assetSchema = z
  .object({
    id: z.string().describe('The asset id (`ast_…`): an image item shows it with `data.assetId`.'),
    boardId: z.string(),
    contentType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']).describe('As read from the bytes.'),
    bytes: z.number().int().describe('Size in bytes.'),
    width: z.number().int().describe('Pixels, read from the image.'),
    height: z.number().int().describe('Pixels, read from the image.'),
    createdAt: z.string().describe('ISO 8601 time of the upload.'),
  })
  .meta({ id: 'Asset', description: 'An image uploaded to a board.' });

const copyBodySchema = z
  .object({
    sourceBoardId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a board id').describe('The board the image is on now; the caller must be able to read it.'),
    assetId: z.string().regex(/^ast_[A-Za-z0-9_-]{1,96}$/, 'must be an asset id (ast_…)').describe('The image on that board (what its image items reference as `data.assetId`).'),
  })
  .strict()
  .meta({ id: 'AssetCopyRequest', description: 'An image of another board to copy to this one.' });

/** The services the asset operations use. */
export type AssetRouteServices = Pick<Services, 'assets'>;

/** The Assets group: upload an image to a board, copy one from another board, read it back. */
export function assetRoutes(services: AssetRouteServices): Route[] {
  const { assets } = services;
  return [
    defineRoute({
      operationId: 'uploadAsset',
      method: 'POST',
      path: '/boards/{boardId}/assets',
      tag,
      summary: 'Upload an image (PNG, JPEG, WebP or GIF, at most 10 MiB) to the board; an image item then shows it with `data.assetId`.',
      description:
        'The body is the image bytes, with `Content-Type` naming its type; the type is checked against the bytes (another type, an empty body or no image is 422 `invalid_image`). SVG is refused: it can carry scripts. Width and height are read from the image. Editors and above (admins and owners on a locked board); a board holds at most 500 images and 250 MiB of them (409 `asset_quota_exceeded`). Answers once the image is durably stored.',
      scope: 'boards:write',
      params: z.object({ boardId: idParam }),
      rawBody: { mediaTypes: assetContentTypes, maxBytes: maxAssetBytes, description: 'The image bytes, as they are (no Content-Encoding).' },
      status: 201,
      response: assetSchema,
      errors: ['not_found', 'forbidden', 'trashed', 'invalid_image', 'asset_quota_exceeded'],
      handler: async ({ principal, params, raw }) => {
        if (!raw) throw new TypeError('The upload route reads a raw body.');
        return assets.upload(principal, params.boardId, raw.mediaType as (typeof assetContentTypes)[number], raw.data);
      },
    }),
    defineRoute({
      operationId: 'copyAsset',
      method: 'POST',
      path: '/boards/{boardId}/assets/copy',
      tag,
      summary: "Copy an image of another board to this one, under the same asset id, so image items copied from there show it here.",
      description:
        'For pasting image items across boards: the caller must be able to edit this board (as for an upload: editors and above, admins and owners on a locked board, 409 `trashed` in trash) and to read the source board (404 when they cannot, or it has no such image). Needs `boards:write` and `boards:read` (403 `insufficient_scope`, `error.requiredScope`). The image is checked and counted as an upload is (409 `asset_quota_exceeded`). 201 with the new asset; 200 with the board\'s own when it has the image already (a retry, or an earlier copy), so retrying is safe with or without `Idempotency-Key`.',
      scope: 'boards:write',
      params: z.object({ boardId: idParam }),
      body: copyBodySchema,
      bodyExample: { sourceBoardId: 'brd_3f0c9d1e2b7a4c5d6e8f', assetId: 'ast_9a8b7c6d5e4f3a2b1c0d' },
      status: 201,
      response: assetSchema,
      otherResponses: { 200: { description: 'The board had this image already (a retry, or an earlier copy): its asset, nothing stored.', schema: assetSchema } },
      errors: ['not_found', 'forbidden', 'trashed', 'insufficient_scope', 'invalid_image', 'asset_quota_exceeded'],
      handler: async ({ principal, params, body }) => {
        const { asset, created } = await assets.copy(principal, params.boardId, { boardId: body.sourceBoardId, assetId: body.assetId });
        return created ? asset : new Reply(200, asset);
      },
    }),
    defineRoute({
      operationId: 'getAsset',
      method: 'GET',
      path: '/boards/{boardId}/assets/{assetId}',
      tag,
      summary: 'The image bytes, for anyone who can read the board; a public-link guest sends the link token (`bds_pl_…`) as the bearer token here.',
      description:
        'Sent with its own type, a strong `ETag` (a request with `If-None-Match` and that tag answers 304) and `Cache-Control: private, max-age=86400, immutable`: the bytes behind an address never change. The answer may not run anything (`Content-Security-Policy: default-src \'none\'; sandbox`, `X-Content-Type-Options: nosniff`).',
      scope: 'boards:read',
      params: z.object({ boardId: idParam, assetId: idParam }),
      response: null,
      status: 200,
      binaryResponse: {
        description: 'The image.',
        mediaTypes: assetContentTypes,
        headers: {
          ETag: 'A strong tag of the bytes.',
          'Cache-Control': `private, max-age=${assetMaxAgeSeconds}, immutable`,
          'Content-Disposition': 'inline, with a file name from the asset id.',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'X-Content-Type-Options': 'nosniff',
        },
      },
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        const { record, data } = await assets.read(principal, params.boardId, params.assetId);
        return new BinaryReply(record.contentType, data, assetHeaders(record));
      },
    }),
  ];
}

/** The headers of an image answer: its tag, how long it may be kept, and that it may run nothing. */
export function assetHeaders(record: AssetRecord): Record<string, string> {
  const extension = record.contentType.slice('image/'.length).replace('jpeg', 'jpg');
  return {
    ETag: `"${record.sha256}"`,
    'Cache-Control': `private, max-age=${assetMaxAgeSeconds}, immutable`,
    'Content-Disposition': `inline; filename="${record.assetId}.${extension}"`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
