import type { Middleware } from 'koa';
import { publicLinkTokenPrefix } from '../../server/access/index.js';
import type { Services } from '../../server/Services.js';
import type { RateLimit } from '../middleware/rateLimit.js';
import { BinaryReply } from '../route.js';
import { sendBinary } from '../sendBinary.js';
import { assetHeaders } from './assets.js';

const assetPath = /^\/v1\/boards\/([A-Za-z0-9_-]{1,100})\/assets\/([A-Za-z0-9_-]{1,100})$/;

/**
 * `GET /v1/boards/{boardId}/assets/{assetId}` for public-link guests: the link token
 * (`bds_pl_…`) as the bearer token opens the images of the boards the link opens, and nothing
 * else of the REST API. Requests with any other credential go on to the API router.
 */
export function assetLinkReads(services: Pick<Services, 'assets'>, rateLimit: RateLimit): Middleware {
  return async (ctx, next) => {
    const match = ctx.method === 'GET' || ctx.method === 'HEAD' ? assetPath.exec(ctx.path) : null;
    const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(ctx.get('Authorization'))?.[1];
    if (!match || bearer === undefined || !bearer.startsWith(publicLinkTokenPrefix)) return next();
    ctx.state.operationId = 'getAsset';
    await rateLimit.consume(ctx, `ip:${ctx.ip}`);
    const { record, data } = await services.assets.readByLink(bearer, match[1] ?? '', match[2] ?? '');
    sendBinary(ctx, 200, new BinaryReply(record.contentType, data, assetHeaders(record)));
  };
}
