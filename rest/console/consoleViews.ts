import { allScopes, scopeCatalogue } from '../../server/auth/scopes.js';
import type { ApiKeyView } from '../../server/auth/ApiKeyService.js';
import type { ConnectedApp } from '../../server/oauth/connectedApps.js';
import { developerTermsVersion, maxAppsPerWorkspace } from '../../server/oauth/OAuthAppService.js';
import type { OAuthAppRecord } from '../../storage/schema/oauth.js';
import { html } from '../pages/oauthPage.js';
import type { SafeHtml } from '../pages/oauthPage.js';

function scopeBoxes(name: string, checked: readonly string[]): SafeHtml[] {
  return allScopes.map(
    (s) => html`<label class="check"><input type="checkbox" name="${name}" value="${s}"${checked.includes(s) ? html` checked` : null}> <span><code>${s}</code> <span class="small muted">${scopeCatalogue[s]}</span></span></label>`,
  );
}

function status(app: OAuthAppRecord): SafeHtml {
  if (app.disabledAt !== null) return html`<span class="badge off">Disabled</span>`;
  return app.published ? html`<span class="badge ok">Published</span>` : html`<span class="badge">In development</span>`;
}

function notice(message: string | undefined, kind: 'notice' | 'error' = 'notice'): SafeHtml | null {
  return message ? html`<div class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${message}</div>` : null;
}

/** The console's home: apps of the workspace, registration, and API keys. */
export function consoleHome(options: { apps: OAuthAppRecord[]; keys: ApiKeyView[]; csrf: string; error?: string; message?: string }): SafeHtml {
  const rows = options.apps.map(
    (app) => html`<tr><td><a href="/console/apps/${encodeURIComponent(app.id)}">${app.name}</a><div class="small muted"><code>${app.id}</code></div></td><td>${status(app)}</td><td class="small">${app.isPublic ? 'Cannot keep a secret' : 'Confidential'}</td></tr>`,
  );
  const keys = options.keys.map(
    (key) => html`<tr><td>${key.name}<div class="small muted"><code>${key.display}</code></div></td><td class="small">${key.scopes.join(' ')}</td><td class="small">${key.revokedAt === null ? html`<form class="inline" method="post" action="/console/keys/${encodeURIComponent(key.id)}/revoke"><input type="hidden" name="csrf" value="${options.csrf}"><button class="danger" type="submit">Revoke</button></form>` : 'Revoked'}</td></tr>`,
  );
  return html`<h1>Developer console</h1>
${notice(options.message)}${notice(options.error, 'error')}
<div class="card"><h2>OAuth apps</h2>
${rows.length > 0 ? html`<table><thead><tr><th>App</th><th>Status</th><th>Kind</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No apps yet. A workspace can have up to ${String(maxAppsPerWorkspace)}.</p>`}
</div>
<div class="card"><h2>Register an app</h2>
<form method="post" action="/console/apps" enctype="multipart/form-data">
<input type="hidden" name="csrf" value="${options.csrf}">
<label for="name">Name</label><input id="name" type="text" name="name" maxlength="200" required>
<label for="description">Description</label><textarea id="description" name="description" maxlength="500" rows="3"></textarea>
<label for="redirect">Redirect URI</label><input id="redirect" type="url" name="redirectUri" placeholder="https://app.example/oauth/callback" required>
<p class="small muted">Exactly one. https only; http is allowed for localhost and 127.0.0.1 while developing. No #fragment.</p>
<label for="logo">Logo</label><input id="logo" type="file" name="logo" accept="image/png,image/jpeg,image/webp">
<p class="small muted">Square PNG, JPEG or WebP, up to 512 KB. Required to publish.</p>
<label>Scopes</label>${scopeBoxes('scopes', ['user:read'])}
<label class="check"><input type="checkbox" name="cannotKeepSecret" value="true"> <span>This app cannot keep a secret (desktop, mobile or command line). It gets no secret and must use PKCE. This cannot be changed later.</span></label>
<label class="check"><input type="checkbox" name="acceptTerms" value="${developerTermsVersion}" required> <span>I accept the developer terms (version ${developerTermsVersion}) for whoever builds and ships this app.</span></label>
<div class="actions"><button class="primary" type="submit">Register app</button></div>
</form></div>
<div class="card"><h2>API keys</h2><p class="small muted">A key acts as you, with the scopes you choose. It is shown once.</p>
${keys.length > 0 ? html`<table><tbody>${keys}</tbody></table>` : null}
<form method="post" action="/console/keys">
<input type="hidden" name="csrf" value="${options.csrf}">
<label for="keyname">Name</label><input id="keyname" type="text" name="name" maxlength="100" value="API key">
<label>Scopes</label>${scopeBoxes('scopes', ['user:read', 'boards:read'])}
<div class="actions"><button type="submit">Create key</button></div>
</form></div>`;
}

function action(appId: string, name: string, label: string, csrf: string, extra: SafeHtml | null = null, kind = ''): SafeHtml {
  return html`<form class="inline" method="post" action="/console/apps/${encodeURIComponent(appId)}/${name}"><input type="hidden" name="csrf" value="${csrf}">${extra}<button class="${kind}" type="submit">${label}</button></form>`;
}

/** One app's page: credentials and lifecycle actions. */
export function appPage(options: { app: OAuthAppRecord; csrf: string; secret?: string; error?: string; message?: string }): SafeHtml {
  const { app, csrf } = options;
  const terms = html`<label class="check"><input type="checkbox" name="acceptTerms" value="${developerTermsVersion}" required> <span class="small">I accept the developer terms (${developerTermsVersion})</span></label>`;
  return html`<p><a href="/console">← Console</a></p>
<h1>${app.name} ${status(app)}</h1>
${notice(options.message)}${notice(options.error, 'error')}
<div class="card">
${app.description ? html`<p>${app.description}</p>` : html`<p class="muted">No description yet (required to publish).</p>`}
${app.hasLogo ? html`<p><img src="/oauth/apps/${encodeURIComponent(app.id)}/logo" alt="${app.name} logo" width="64" height="64"></p>` : html`<p class="muted">No logo yet (required to publish).</p>`}
<table><tbody>
<tr><th>Client ID</th><td><code>${app.id}</code></td></tr>
<tr><th>Redirect URI</th><td><code>${app.redirectUri}</code></td></tr>
<tr><th>Scopes</th><td><code>${app.scopes.join(' ')}</code></td></tr>
<tr><th>Client secret</th><td>${app.isPublic ? 'None: this app cannot keep a secret and uses PKCE.' : options.secret ? html`<div class="secret">${options.secret}</div>` : action(app.id, 'reveal', 'Reveal secret', csrf)}</td></tr>
</tbody></table>
<div class="actions">
${app.isPublic ? null : action(app.id, 'rotate', 'Rotate secret', csrf)}
${app.published ? action(app.id, 'unpublish', 'Unpublish', csrf) : action(app.id, 'publish', 'Publish', csrf, terms, 'primary')}
${app.disabledAt === null ? action(app.id, 'disable', 'Disable', csrf, null, 'danger') : action(app.id, 'enable', 'Enable', csrf)}
${action(app.id, 'delete', 'Delete app', csrf, null, 'danger')}
</div></div>
<div class="card"><h2>Details</h2>
<form method="post" action="/console/apps/${encodeURIComponent(app.id)}/update" enctype="multipart/form-data">
<input type="hidden" name="csrf" value="${csrf}">
<label for="name">Name</label><input id="name" type="text" name="name" maxlength="200" value="${app.name}">
<label for="description">Description</label><textarea id="description" name="description" maxlength="500" rows="3">${app.description}</textarea>
<label for="logo">New logo</label><input id="logo" type="file" name="logo" accept="image/png,image/jpeg,image/webp">
<div class="actions"><button type="submit">Save</button></div>
</form></div>`;
}

/** The page that shows a new API key once. */
export function newKeyPage(key: ApiKeyView, secret: string): SafeHtml {
  return html`<div class="card"><h1>API key created</h1><p>Copy it now: it is shown once.</p><div class="secret">${secret}</div><p class="small muted">${key.name} · <code>${key.scopes.join(' ')}</code></p><p><a href="/console">Back to the console</a></p></div>`;
}

/** "Connected apps" in account settings. */
export function connectedAppsPage(options: { apps: ConnectedApp[]; csrf: string; message?: string }): SafeHtml {
  const rows = options.apps.map(
    (app) => html`<div class="card"><h2>${app.name}</h2>${app.description ? html`<p class="muted">${app.description}</p>` : null}<ul class="scopes">${app.scopes.map((s) => html`<li>${scopeCatalogue[s as keyof typeof scopeCatalogue] ?? s} <code>${s}</code></li>`)}</ul><p class="small muted">Connected ${new Date(app.connectedAt).toISOString().slice(0, 10)}</p><form method="post" action="/account/apps/${encodeURIComponent(app.clientId)}/disconnect"><input type="hidden" name="csrf" value="${options.csrf}"><button class="danger" type="submit">Disconnect</button></form></div>`,
  );
  return html`<h1>Connected apps</h1>${notice(options.message)}${rows.length > 0 ? rows : html`<div class="card"><p class="muted">You have not connected any apps.</p></div>`}`;
}
