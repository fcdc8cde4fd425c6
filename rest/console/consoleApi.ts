import type { Context } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { z } from 'zod';
import { ServiceError, ValidationError } from '../../server/errors.js';
import { connectedApps } from '../../server/oauth/connectedApps.js';
import type { Services } from '../../server/Services.js';
import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { currentSession, sameOrigin } from '../oauth/session.js';

/** Header every state-changing console API call carries: a custom header forces a CORS preflight, so other sites cannot send it. */
export const consoleCsrfHeader = 'X-Requested-With';
const consoleCsrfValue = 'boards-console';

const parseJson = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: 1024 * 1024,
  urlencoded: false,
  text: false,
  multipart: false,
  parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PATCH],
});

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'must be base64' });
const registerBody = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  redirectUri: z.string(),
  scopes: z.union([z.string(), z.array(z.string())]),
  cannotKeepSecret: z.boolean().default(false),
  acceptTerms: z.union([z.boolean(), z.string()]),
  logo: base64.optional(),
});
const updateBody = z.strictObject({ name: z.string().optional(), description: z.string().optional(), logo: base64.optional() });
const publishBody = z.strictObject({ acceptTerms: z.union([z.boolean(), z.string()]) });
const keyBody = z.strictObject({ name: z.string().optional(), scopes: z.union([z.string(), z.array(z.string())]) });

/** The console's view of an app (never the secret). */
export function appView(app: OAuthAppRecord) {
  return {
    clientId: app.id,
    name: app.name,
    description: app.description,
    redirectUri: app.redirectUri,
    scopes: app.scopes,
    cannotKeepSecret: app.isPublic,
    hasLogo: app.hasLogo,
    status: app.published ? 'published' : 'in_development',
    enabled: app.disabledAt === null,
    termsVersion: app.termsVersion,
    createdAt: new Date(app.createdAt).toISOString(),
  };
}

async function body<T extends z.ZodType>(ctx: Context, schema: T): Promise<z.output<T>> {
  if (!ctx.is('application/json')) throw new ServiceError('unsupported_media_type', 'Send the body as JSON.');
  try {
    await parseJson(ctx, async () => {});
  } catch (error) {
    throw new ServiceError('bad_request', 'The body is not valid JSON.', { cause: error });
  }
  const parsed = schema.safeParse(ctx.request.body);
  if (!parsed.success) {
    throw ValidationError.fromZod(parsed.error);
  }
  return parsed.data;
}

const bytes = (value: string | undefined) => (value === undefined ? undefined : new Uint8Array(Buffer.from(value, 'base64')));

/**
 * The JSON endpoints behind the console and connected apps, under `/console/api` (outside the
 * `/v1` API): signed-in session, and for changes the `X-Requested-With: boards-console` header
 * and a same-origin `Origin`. Errors use the API envelope.
 */
export async function consoleApi(ctx: Context, services: Services, path: string): Promise<void> {
  const session = await currentSession(ctx, services);
  if (!session) throw new ServiceError('unauthorized', 'Sign in to use the console.');
  const { method } = ctx;
  if (method !== 'GET' && (ctx.get(consoleCsrfHeader) !== consoleCsrfValue || !sameOrigin(ctx, services.config))) {
    throw new ServiceError('forbidden', `Console changes need the ${consoleCsrfHeader}: ${consoleCsrfValue} header from this site.`);
  }
  const userId = session.userId;
  const { apps, grants } = services.oauth;
  const route = `${method} ${path.replace(/^\/(apps|keys|connections)\/[^/]+/, '/$1/:id')}`;
  const id = decodeURIComponent(/^\/(?:apps|keys|connections)\/([^/]+)/.exec(path)?.[1] ?? '');
  ctx.set('Cache-Control', 'no-store');
  switch (route) {
    case 'GET /apps': {
      const user = await services.accounts.getUser(userId);
      ctx.body = { data: (await apps.listForWorkspace(user?.workspaceId ?? '')).map(appView) };
      return;
    }
    case 'POST /apps': {
      const b = await body(ctx, registerBody);
      const logo = bytes(b.logo);
      const { app, clientSecret } = await apps.register({
        userId,
        name: b.name,
        redirectUri: b.redirectUri,
        scopes: b.scopes,
        isPublic: b.cannotKeepSecret,
        acceptedTerms: b.acceptTerms,
        ...(b.description !== undefined ? { description: b.description } : {}),
        ...(logo ? { logo } : {}),
      });
      ctx.status = 201;
      ctx.body = { app: appView(app), clientSecret };
      return;
    }
    case 'GET /apps/:id':
      ctx.body = appView(await apps.manageable(userId, id));
      return;
    case 'PATCH /apps/:id': {
      const b = await body(ctx, updateBody);
      const logo = bytes(b.logo);
      const changes = { ...(b.name !== undefined ? { name: b.name } : {}), ...(b.description !== undefined ? { description: b.description } : {}), ...(logo ? { logo } : {}) };
      ctx.body = appView(await apps.update(userId, id, changes));
      return;
    }
    case 'DELETE /apps/:id':
      await apps.delete(userId, id);
      ctx.status = 204;
      return;
    case 'POST /apps/:id/secret':
      ctx.body = { clientSecret: await apps.revealSecret(userId, id) };
      return;
    case 'POST /apps/:id/rotate-secret':
      ctx.body = { clientSecret: await apps.rotateSecret(userId, id) };
      return;
    case 'POST /apps/:id/publish':
      ctx.body = appView(await apps.publish(userId, id, (await body(ctx, publishBody)).acceptTerms));
      return;
    case 'POST /apps/:id/unpublish':
      ctx.body = appView(await apps.unpublish(userId, id));
      return;
    case 'POST /apps/:id/disable':
      ctx.body = appView(await apps.disable(userId, id));
      return;
    case 'POST /apps/:id/enable':
      ctx.body = appView(await apps.enable(userId, id));
      return;
    case 'GET /keys':
      ctx.body = { data: await services.apiKeys.list(userId) };
      return;
    case 'POST /keys': {
      const b = await body(ctx, keyBody);
      const { key, secret } = await services.apiKeys.create({ userId, scopes: b.scopes, ...(b.name !== undefined ? { name: b.name } : {}) });
      ctx.status = 201;
      ctx.body = { key, secret };
      return;
    }
    case 'DELETE /keys/:id':
      ctx.body = await services.apiKeys.revoke(userId, id);
      return;
    case 'GET /connections':
      ctx.body = { data: await connectedApps(grants, apps, userId) };
      return;
    case 'DELETE /connections/:id':
      await grants.disconnect(userId, id);
      ctx.status = 204;
      return;
    default:
      throw new ServiceError('not_found', 'No console operation at this address.');
  }
}
