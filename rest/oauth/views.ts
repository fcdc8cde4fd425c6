import { scopeCatalogue } from '../../server/auth/scopes.js';
import type { Scope } from '../../server/auth/scopes.js';
import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { isUnverifiedClient } from '../../server/oauth/unverifiedClients.js';
import type { OidcProviderView } from '../../server/signin/OidcSignIn.js';
import { html, serviceLogo } from '../pages/oauthPage.js';
import type { SafeHtml } from '../pages/oauthPage.js';

/** The app's logo (served by us) or its initial, beside the service's logo. */
export function logoPair(app: OAuthAppRecord): SafeHtml {
  const appLogo = app.hasLogo
    ? html`<img src="/oauth/apps/${encodeURIComponent(app.id)}/logo" alt="${app.name} logo" width="56" height="56">`
    : html`<span class="placeholder" aria-hidden="true">${app.name.slice(0, 1).toUpperCase()}</span>`;
  return html`<div class="logos">${appLogo}<span class="dots">···</span>${serviceLogo}</div>`;
}

/** The sign-in card: email code and the configured identity providers. */
export function signInView(options: {
  returnTo: string;
  providers: readonly OidcProviderView[];
  app?: OAuthAppRecord;
  error?: string;
  email?: string;
}): SafeHtml {
  const { app } = options;
  const providers = options.providers.map(
    (p) =>
      html`<p><a class="button" href="/oauth/signin/oidc/${String(p.slot)}?return_to=${encodeURIComponent(options.returnTo)}">Continue with ${p.name}</a></p>`,
  );
  return html`<div class="card">
${app ? logoPair(app) : null}
<h1>${app ? `Sign in to connect ${app.name}` : 'Sign in to Boards'}</h1>
<p class="muted">${app ? `${app.name} wants to use your Boards account. Sign in first; you choose what it may do next.` : 'Sign in with a one-time code sent to your email.'}</p>
${options.error ? html`<div class="error" role="alert">${options.error}</div>` : null}
${providers}
${providers.length > 0 ? html`<div class="divider">or</div>` : null}
<form method="post" action="/oauth/signin/email">
<input type="hidden" name="return_to" value="${options.returnTo}">
<label for="email">Email</label>
<input id="email" type="email" name="email" autocomplete="email" required value="${options.email ?? ''}">
<div class="actions"><button class="primary" type="submit">Email me a code</button></div>
</form>
</div>`;
}

/**
 * The "enter your code" card. `outbox` is the development outbox file when the server mails
 * nothing (no `BOARDS_SMTP_URL`): the card then says where the code is instead of "we sent".
 */
export function codeView(options: { ticket: string; email: string; returnTo: string; error?: string; outbox?: string | null }): SafeHtml {
  const sent = options.outbox
    ? html`<h1>Enter your code</h1>
<p class="muted">This server sends no email (<code>BOARDS_SMTP_URL</code> is not set). The 6-digit code for <strong>${options.email}</strong> is in the server's log and in its development outbox, <code>${options.outbox}</code>. It works once, for 10 minutes.</p>`
    : html`<h1>Check your email</h1>
<p class="muted">We sent a 6-digit code to <strong>${options.email}</strong>. It works once, for 10 minutes.</p>`;
  return html`<div class="card">
${sent}
${options.error ? html`<div class="error" role="alert">${options.error}</div>` : null}
<form method="post" action="/oauth/signin/code">
<input type="hidden" name="ticket" value="${options.ticket}">
<input type="hidden" name="return_to" value="${options.returnTo}">
<label for="code">Code</label>
<input id="code" type="text" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required>
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>
<p class="small muted"><a href="/oauth/signin?return_to=${encodeURIComponent(options.returnTo)}">Use another email</a></p>
</div>`;
}

/** The consent card: "Connect <name>", description, logos, scopes, redirect host, Authorize / Deny. */
export function consentView(options: {
  app: OAuthAppRecord;
  pendingId: string;
  csrf: string;
  scopes: readonly string[];
  userEmail: string;
  /** The redirect URI of this request (an app may have registered several). */
  redirectUri: string;
}): SafeHtml {
  const { app } = options;
  const scopes = options.scopes.map(
    (s) => html`<li>${scopeCatalogue[s as Scope] ?? s} <code>${s}</code></li>`,
  );
  const host = new URL(options.redirectUri).host;
  return html`<div class="card">
${logoPair(app)}
<h1>Connect ${app.name}</h1>
${isUnverifiedClient(app) ? unverifiedNotice(app, options.redirectUri) : app.published ? null : html`<p><span class="badge">In development</span> <span class="small muted">This app has not been published by its developer.</span></p>`}
${app.description ? html`<p>${app.description}</p>` : null}
<p class="muted">${app.name} will be able to act for <strong>${options.userEmail}</strong>:</p>
<ul class="scopes">${scopes}</ul>
<p class="small muted">After you decide you will be sent to <strong>${host}</strong>. You can disconnect the app at any time under <a href="/account/apps">Connected apps</a>.</p>
<form method="post" action="/oauth/consent">
<input type="hidden" name="request_id" value="${options.pendingId}">
<input type="hidden" name="csrf" value="${options.csrf}">
<div class="actions">
<button class="primary" type="submit" name="decision" value="approve">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>
</div>`;
}

/**
 * The warning of the consent page for a client that registered itself or is named by its
 * metadata document URL (MCP clients): nobody at Boards checked it, so the person sees who it
 * says it is, where it is hosted and exactly where they will be sent.
 */
function unverifiedNotice(app: OAuthAppRecord, redirectUri: string): SafeHtml {
  const origin = app.registration === 'metadata_document' ? html`<li>Described by <code>${app.id}</code> (host <strong>${new URL(app.id).host}</strong>)</li>` : html`<li>Registered itself automatically (client ID <code>${app.id}</code>)</li>`;
  return html`<div class="error" role="note"><p><span class="badge">Unverified</span> <strong>Boards has not verified this app.</strong> Its name, &ldquo;${app.name}&rdquo;, is what the app says about itself. Connect it only if you started this from an app you trust, such as your AI assistant.</p>
<ul class="small">${origin}<li>Returns you to <code>${redirectUri}</code></li></ul></div>`;
}

/** An error card for a problem that is shown and never sent to the app. */
export function problemView(title: string, message: string, options: { oauth?: boolean } = {}): SafeHtml {
  // Outside an OAuth flow (sign-in, the console) there is no app to reassure people about.
  const footer = options.oauth === false ? null : html`<p class="muted small">Nothing was shared with the app. You can close this page.</p>`;
  return html`<div class="card"><h1>${title}</h1><div class="error" role="alert">${message}</div>${footer}</div>`;
}
