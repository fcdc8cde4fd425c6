import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { unsubscribePath } from '../../server/notifications/UnsubscribeLinks.js';
import type { Services } from '../../server/Services.js';
import { FormError, readForm } from '../oauth/formBody.js';
import { problemView } from '../oauth/views.js';
import { newRouter } from '../routing.js';
import { html, sendPage } from './oauthPage.js';

const invalidMessage =
  'This unsubscribe link is not valid: it may have expired, been cut short or changed. Nothing was changed. You can turn notification emails off in your notification settings.';

/**
 * The unsubscribe link of notification emails (`/notifications/unsubscribe?token=`):
 * - `GET` shows a confirmation page and changes nothing (mail scanners follow links);
 * - `POST` turns notification emails off, from the page's button (the token in the form) or as
 *   the one-click unsubscribe of RFC 8058 (the token in the address, the body
 *   `List-Unsubscribe=One-Click`, sent by mail clients without cookies).
 * The signed token is the only credential, so no session or CSRF token is needed. A missing,
 * expired, tampered or foreign token answers 400 with a page that says so, and nothing changes.
 */
export function unsubscribeRoutes(services: Pick<Services, 'notificationDelivery'>): Middleware {
  const links = services.notificationDelivery.unsubscribe;
  const router = newRouter();
  router.get(unsubscribePath, async (ctx) => {
    const target = await links.read(queryToken(ctx));
    if (!target) return invalid(ctx);
    const token = queryToken(ctx) ?? '';
    const state = target.workspace.notificationSettings.emailEnabled
      ? html`<p>Stop notification emails to <strong>${target.user.email}</strong>? Notifications stay in your notification stream.</p>`
      : html`<p>Notification emails to <strong>${target.user.email}</strong> are already off.</p>`;
    sendPage(
      ctx,
      'Unsubscribe',
      html`<div class="card"><h1>Notification emails</h1>${state}<form method="post" action="${unsubscribePath}"><input type="hidden" name="token" value="${token}"><div class="actions"><button class="primary" type="submit">Unsubscribe</button></div></form></div>`,
      { narrow: true },
    );
  });
  router.post(unsubscribePath, async (ctx) => {
    let form = new Map<string, string>();
    if (ctx.is('application/x-www-form-urlencoded')) {
      try {
        form = await readForm(ctx);
      } catch (error) {
        if (!(error instanceof FormError)) throw error;
        return invalid(ctx);
      }
    } else {
      // RFC 8058 allows multipart bodies; the token is in the address then, and the body is not needed.
      ctx.req.resume();
    }
    const token = queryToken(ctx) ?? form.get('token');
    const target = await links.unsubscribe(token);
    if (!target) return invalid(ctx);
    (ctx.state.log as Logger | undefined)?.info({ userId: target.user.id, oneClick: form.get('List-Unsubscribe') === 'One-Click' }, 'notification emails turned off by unsubscribe link');
    sendPage(
      ctx,
      'Unsubscribed',
      html`<div class="card"><h1>Unsubscribed</h1><p>You will no longer get notification emails at <strong>${target.user.email}</strong>. Turn them back on in your notification settings.</p></div>`,
      { narrow: true },
    );
  });
  return router.routes() as Middleware;
}

function queryToken(ctx: Context): string | undefined {
  const token = ctx.query.token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

function invalid(ctx: Context): void {
  sendPage(ctx, 'Link not valid', problemView('Link not valid', invalidMessage, { oauth: false }), { status: 400, narrow: true });
}
