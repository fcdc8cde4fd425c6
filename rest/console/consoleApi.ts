import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { z } from 'zod';
import { ServiceError, ValidationError } from '../../server/errors.js';
import { connectedApps } from '../../server/oauth/connectedApps.js';
import type { Services } from '../../server/Services.js';
import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { currentSession, sameOrigin } from '../oauth/session.js';
import { newRouter } from '../routing.js';

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

/** The signed-in person's id, set before any console API route runs. */
const userIdOf = (ctx: Context) => (ctx.state as { consoleUserId: string }).consoleUserId;

/** The routes of `/console/api` on `@koa/router`. */
function consoleApiRouter(services: Services): Middleware {
  const { apps, grants } = services.oauth;
  const router = newRouter('/console/api');
  router.get('/apps', async (ctx) => {
    const user = await services.accounts.getUser(userIdOf(ctx));
    ctx.body = { data: (await apps.listForWorkspace(user?.workspaceId ?? '')).map(appView) };
  });
  router.post('/apps', async (ctx) => {
    const b = await body(ctx, registerBody);
    const logo = bytes(b.logo);
    const { app, clientSecret } = await apps.register({
      userId: userIdOf(ctx),
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
  });
  router.get('/apps/:id', async (ctx) => {
    ctx.body = appView(await apps.manageable(userIdOf(ctx), ctx.params.id ?? ''));
  });
  router.patch('/apps/:id', async (ctx) => {
    const b = await body(ctx, updateBody);
    const logo = bytes(b.logo);
    const changes = { ...(b.name !== undefined ? { name: b.name } : {}), ...(b.description !== undefined ? { description: b.description } : {}), ...(logo ? { logo } : {}) };
    ctx.body = appView(await apps.update(userIdOf(ctx), ctx.params.id ?? '', changes));
  });
  router.delete('/apps/:id', async (ctx) => {
    await apps.delete(userIdOf(ctx), ctx.params.id ?? '');
    ctx.status = 204;
  });
  router.post('/apps/:id/secret', async (ctx) => {
    ctx.body = { clientSecret: await apps.revealSecret(userIdOf(ctx), ctx.params.id ?? '') };
  });
  router.post('/apps/:id/rotate-secret', async (ctx) => {
    ctx.body = { clientSecret: await apps.rotateSecret(userIdOf(ctx), ctx.params.id ?? '') };
  });
  router.post('/apps/:id/publish', async (ctx) => {
    const { acceptTerms } = await body(ctx, publishBody);
    ctx.body = appView(await apps.publish(userIdOf(ctx), ctx.params.id ?? '', acceptTerms));
  });
  router.post('/apps/:id/unpublish', async (ctx) => {
    ctx.body = appView(await apps.unpublish(userIdOf(ctx), ctx.params.id ?? ''));
  });
  router.post('/apps/:id/disable', async (ctx) => {
    ctx.body = appView(await apps.disable(userIdOf(ctx), ctx.params.id ?? ''));
  });
  router.post('/apps/:id/enable', async (ctx) => {
    ctx.body = appView(await apps.enable(userIdOf(ctx), ctx.params.id ?? ''));
  });
  router.get('/keys', async (ctx) => {
    ctx.body = { data: await services.apiKeys.list(userIdOf(ctx)) };
  });
  router.post('/keys', async (ctx) => {
    const b = await body(ctx, keyBody);
    const { key, secret } = await services.apiKeys.create({ userId: userIdOf(ctx), scopes: b.scopes, ...(b.name !== undefined ? { name: b.name } : {}) });
    ctx.status = 201;
    ctx.body = { key, secret };
  });
  router.delete('/keys/:id', async (ctx) => {
    ctx.body = await services.apiKeys.revoke(userIdOf(ctx), ctx.params.id ?? '');
  });
  router.get('/connections', async (ctx) => {
    ctx.body = { data: await connectedApps(grants, apps, userIdOf(ctx)) };
  });
  router.delete('/connections/:id', async (ctx) => {
    await grants.disconnect(userIdOf(ctx), ctx.params.id ?? '');
    ctx.status = 204;
  });
  return router.routes() as Middleware;
}

/**
 * The JSON endpoints behind the console and connected apps, under `/console/api` (outside the
 * `/v1` API): signed-in session, and for changes the `X-Requested-With: boards-console` header
 * and a same-origin `Origin`, both checked before routing. Errors use the API envelope; an
 * address or method it does not serve answers 404.
 */
export function consoleApi(services: Services): Middleware {
  const routes = consoleApiRouter(services);
  const notFound = async () => {
    throw new ServiceError('not_found', 'No console operation at this address.');
  };
  return async (ctx) => {
    const session = await currentSession(ctx, services);
    if (!session) throw new ServiceError('unauthorized', 'Sign in to use the console.');
    if (ctx.method !== 'GET' && (ctx.get(consoleCsrfHeader) !== consoleCsrfValue || !sameOrigin(ctx, services.config))) {
      throw new ServiceError('forbidden', `Console changes need the ${consoleCsrfHeader}: ${consoleCsrfValue} header from this site.`);
    }
    (ctx.state as { consoleUserId: string }).consoleUserId = session.userId;
    ctx.set('Cache-Control', 'no-store');
    await routes(ctx, notFound);
  };
}
