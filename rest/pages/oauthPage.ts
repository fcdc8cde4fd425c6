import type { Context } from 'koa';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A fragment of HTML that is already safe (built with `html`). */
export interface SafeHtml {
  readonly safe: string;
}

type Interpolation = SafeHtml | string | number | null | undefined | readonly SafeHtml[];

/**
 * Tagged template for pages: every interpolated string is escaped; only `SafeHtml` (the result
 * of `html` itself) is inserted as markup, so app text can never become markup.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return { safe: out };
}

function render(value: Interpolation): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v: SafeHtml) => v.safe).join('');
  if (typeof value === 'object') return (value as SafeHtml).safe;
  return escapeHtml(String(value));
}

/** Path of the shared stylesheet. */
export const stylesheetPath = '/oauth/assets/boards.css';

/** The service's own logo (inline SVG, no external fetch). */
export const serviceLogo = html`<svg viewBox="0 0 56 56" role="img" aria-label="Boards"><rect width="56" height="56" rx="12" fill="#2557d6"/><rect x="12" y="12" width="14" height="14" rx="3" fill="#fff"/><rect x="30" y="12" width="14" height="22" rx="3" fill="#9db6f2"/><rect x="12" y="30" width="14" height="14" rx="3" fill="#9db6f2"/><rect x="30" y="38" width="14" height="6" rx="3" fill="#fff"/></svg>`;

/** Options of `sendPage`. */
export interface PageOptions {
  status?: number;
  /** Extra origins the page's forms may end up at (the consent form redirects to the app). */
  formActions?: readonly string[];
  /** Navigation links for signed-in pages. */
  nav?: SafeHtml;
  narrow?: boolean;
  /** Default `no-referrer`; sign-in forms use `same-origin` so browsers send a real `Origin`. */
  referrerPolicy?: 'no-referrer' | 'same-origin';
}

/**
 * Sends a page with the security headers every sign-in, consent, console and error page
 * carries: no framing (RFC 9700 4.16), no caching or referrer (RFC 9700 4.2.4), a strict CSP
 * without scripts, and no CORS headers.
 */
export function sendPage(ctx: Context, title: string, body: SafeHtml, options: PageOptions = {}): void {
  const formAction = ["'self'", ...(options.formActions ?? [])].join(' ');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  );
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Referrer-Policy', options.referrerPolicy ?? 'no-referrer');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.status = options.status ?? 200;
  ctx.type = 'text/html; charset=utf-8';
  const page = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · Boards</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${stylesheetPath}"></head><body><header class="top"><a class="brand" href="/console">${serviceLogoSmall} Boards</a><nav>${options.nav ?? null}</nav></header><main class="${options.narrow ? 'narrow' : ''}">${body}</main><footer>Boards · <a href="/docs/errors">API docs</a></footer></body></html>`;
  ctx.body = page.safe;
}

const serviceLogoSmall = html`<svg width="22" height="22" viewBox="0 0 56 56" aria-hidden="true"><rect width="56" height="56" rx="12" fill="#2557d6"/><rect x="12" y="12" width="14" height="14" rx="3" fill="#fff"/><rect x="30" y="12" width="14" height="22" rx="3" fill="#9db6f2"/><rect x="12" y="30" width="14" height="14" rx="3" fill="#9db6f2"/></svg>`;
