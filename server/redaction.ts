/** Query parameters whose values are secrets and never logged. */
const secretParams = ['token', 'access_token', 'refresh_token', 'code', 'client_secret', 'code_verifier', 'key', 'api_key'];

/** The URL with secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of secretParams) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino redaction paths: credentials in headers and in any logged object. */
const secretFields = [
  'authorization',
  'cookie',
  'password',
  'secret',
  'token',
  'access_token',
  'refresh_token',
  'client_secret',
  'code_verifier',
  'apiKey',
];

/** pino redaction paths: credential fields at the top level, one and two levels down, and in headers. */
export const logRedactPaths = [
  ...secretFields,
  ...secretFields.map((f) => `*.${f}`),
  ...secretFields.map((f) => `*.*.${f}`),
  'req.headers.authorization',
  'req.headers.cookie',
];
