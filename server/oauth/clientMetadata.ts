import { redirectUriProblem } from './redirectUris.js';

/** Most redirect URIs a self-registered or metadata-document client may list. */
export const maxClientRedirectUris = 10;

/**
 * Checks client metadata `redirect_uris` (RFC 7591 2) by the console's rules for each URI
 * (`redirectUriProblem`). Returns the problem (without a final period), or null.
 */
export function redirectUrisProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > maxClientRedirectUris || !value.every((u) => typeof u === 'string')) {
    return `redirect_uris must list 1 to ${maxClientRedirectUris} URIs`;
  }
  for (const uri of value as string[]) {
    const problem = redirectUriProblem(uri);
    if (problem) return `the redirect URI ${uri} ${problem}`;
  }
  return null;
}

/**
 * Checks `grant_types` and `response_types` (RFC 7591 2.1): only the authorization code flow,
 * optionally with refresh. Absent values mean the defaults. Returns the problem, or null.
 */
export function flowProblem(grantTypes: unknown, responseTypes: unknown): string | null {
  const grants = grantTypes ?? ['authorization_code'];
  if (!Array.isArray(grants) || !grants.includes('authorization_code') || grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    return 'grant_types must include "authorization_code" and may add only "refresh_token"';
  }
  const responses = responseTypes ?? ['code'];
  if (!Array.isArray(responses) || responses.length !== 1 || responses[0] !== 'code') return 'response_types must be ["code"]';
  return null;
}
