import type { Config } from './Config.js';

/** Whether a listening host is a loopback address (only this machine reaches it). */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * Warnings about settings left at defaults fit only for development, for the start-up log.
 * They are given whatever `NODE_ENV` says: a server reachable by others needs each one set.
 */
export function developmentDefaults(config: Config): string[] {
  const warnings: string[] = [];
  if (config.webhooks.allowPrivate) warnings.push('BOARDS_WEBHOOKS_ALLOW_PRIVATE is true: webhooks and OAuth client metadata fetches may reach private and loopback addresses.');
  if (!config.publicUrlFromEnv) warnings.push(`BOARDS_PUBLIC_URL is not set: links and OAuth metadata say ${config.publicUrl}.`);
  if (!config.sessionSecret) warnings.push('BOARDS_SESSION_SECRET is not set: a secret generated into the data folder signs sessions.');
  if (!config.smtpUrl) warnings.push('BOARDS_SMTP_URL is not set: sign-in codes are not mailed; they go to the log and the development outbox.');
  if (config.metrics.port !== null && config.metrics.token === null && !isLoopbackHost(config.metrics.host)) {
    warnings.push(`BOARDS_METRICS_PORT serves /metrics without a token on ${config.metrics.host}: set BOARDS_METRICS_TOKEN unless only the monitoring network reaches it.`);
  }
  return warnings;
}
