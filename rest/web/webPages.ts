import { html } from '../pages/oauthPage.js';
import type { SafeHtml } from '../pages/oauthPage.js';

/**
 * The page every web-app address answers with; the bundle renders the dashboard or a board.
 * `signedIn` says whether the request carried a session, so the app shows the sign-in prompt
 * to a signed-out visitor without asking for a token it would be refused.
 */
export function appShell(versions: { js: string; css: string }, preloads: readonly string[] = [], signedIn = true): string {
  // Chunks app.js imports are fetched beside it rather than after it has been parsed.
  const preloadLinks = preloads.map((name) => html`<link rel="modulepreload" href="/app/${name}">`);
  return page(
    'Boards',
    // Whether the request came with a session (`sessionMetaName` in the app reads it).
    html`<meta name="boards-session" content="${signedIn ? 'signed-in' : 'signed-out'}"><link rel="stylesheet" href="/app/app.css?v=${versions.css}">${preloadLinks}<script type="module" src="/app/app.js?v=${versions.js}"></script>`,
    html`<div id="app"></div><noscript>The Boards web app needs JavaScript. The <a href="/docs">API reference</a> and the <a href="/console">developer console</a> work without it.</noscript>`,
  );
}

/** The answer when the bundle has not been built. */
export function notBuiltPage(): string {
  return page(
    'Boards',
    html``,
    html`<main style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>The web app is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload. Meanwhile the <a href="/docs/errors">error reference</a> and the <a href="/console">developer console</a> work.</p></main>`,
  );
}

/** The API reference: Redoc renders `/v1/openapi.json` (served from this server, no CDN). */
export function docsPage(redocVersion: string): string {
  const bar =
    'display:flex;gap:18px;align-items:center;padding:10px 20px;border-bottom:1px solid #e5e7eb;font:14px system-ui,sans-serif;background:#fff';
  return page(
    'API reference · Boards',
    html`<style>body{margin:0}</style>`,
    // Redoc renders the <redoc> element it finds when its script runs, so the script comes after it.
    html`<nav style="${bar}"><strong>Boards API</strong><a href="/">Web app</a><a href="/docs/errors">Error codes</a><a href="/v1/openapi.json">OpenAPI document</a><a href="/console">Developer console</a></nav><redoc spec-url="/v1/openapi.json" hide-download-button="false" path-in-middle-panel="true" native-scrollbars="true"></redoc><script src="/docs/redoc.standalone.js?v=${redocVersion}"></script>`,
  );
}

function page(title: string, head: SafeHtml, body: SafeHtml): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${head}</head><body>${body}</body></html>`.safe;
}
