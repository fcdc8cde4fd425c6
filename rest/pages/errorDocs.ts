import type { Middleware } from 'koa';
import type { ErrorCode } from '../../server/errors.js';
import { errorCatalogue, errorCodes } from '../../server/errors.js';
import { errorStatus } from '../errorStatus.js';

const style =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#1f2328}code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px}a{color:#2557d6}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · Boards API</title><style>${style}</style></head><body>${body}</body></html>`;
}

/** Serves `/docs/errors` (the catalogue) and `/docs/errors/<code>`: the pages each `docsUrl` points at. */
export function errorDocs(): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/docs/errors' || ctx.path === '/docs/errors/') {
      const rows = errorCodes
        .map((code) => `<li><a href="/docs/errors/${code}"><code>${code}</code></a> (${errorStatus[code]}): ${errorCatalogue[code]}</li>`)
        .join('');
      ctx.type = 'html';
      ctx.body = page('Errors', `<h1>API errors</h1><p>Every error answers with the envelope <code>{ error: { code, message, docsUrl }, requestId }</code>.</p><ul>${rows}</ul>`);
      return;
    }
    const match = /^\/docs\/errors\/([a-z_]+)$/.exec(ctx.path);
    if (!match?.[1] || !Object.hasOwn(errorCatalogue, match[1])) return next();
    const code = match[1] as ErrorCode;
    ctx.type = 'html';
    ctx.body = page(
      code,
      `<h1><code>${code}</code></h1><p>HTTP status <strong>${errorStatus[code]}</strong>.</p><p>${errorCatalogue[code]}</p><p>Quote the <code>requestId</code> of the response when you contact support.</p><p><a href="/docs/errors">All error codes</a></p>`,
    );
  };
}
