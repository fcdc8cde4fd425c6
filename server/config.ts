import { z } from 'zod';
import { aiConfig, aiVariables } from './config/aiSettings.js';
import { clusterConfig, clusterVariables } from './config/clusterSettings.js';
import type { Config } from './config/Config.js';
import { ConfigError } from './config/ConfigError.js';
import { liveConfig, liveVariables } from './config/liveSettings.js';
import { metricsConfig, metricsRule, metricsVariables } from './config/metricsSettings.js';
import { networkConfig, networkVariables } from './config/networkSettings.js';
import { notificationConfig, notificationVariables } from './config/notificationSettings.js';
import { oidcConfig, oidcRule, oidcVariables } from './config/oidcSettings.js';
import { processConfig, processVariables } from './config/processSettings.js';
import { signInConfig, signInVariables } from './config/signInSettings.js';
import { storageConfig, storageRule, storageVariables } from './config/storageSettings.js';

export type { Config } from './config/Config.js';
export { ConfigError } from './config/ConfigError.js';
export { developmentDefaults } from './config/developmentDefaults.js';
export { acceptedOrigins, withBoundPort } from './config/networkSettings.js';
export type { OidcProviderConfig } from './config/oidcSettings.js';
export { databaseOptions } from './config/storageSettings.js';

/** The environment variables the server reads, with their defaults and rules (each group's beside its part of `Config`). */
const envSchema = z
  .object({
    ...networkVariables,
    ...storageVariables,
    ...processVariables,
    ...liveVariables,
    ...signInVariables,
    ...notificationVariables,
    ...metricsVariables,
    ...clusterVariables,
    ...aiVariables,
    ...oidcVariables(),
  })
  .superRefine((env, ctx) => {
    oidcRule(env, ctx);
    metricsRule(env, ctx);
    storageRule(env, ctx);
  });

/** Every environment variable the server reads (`.env.example` documents each one). */
export const configVariables: readonly string[] = Object.freeze(Object.keys(envSchema.shape));

/**
 * Reads the configuration from environment variables (the only place that reads
 * `process.env`); throws `ConfigError` naming each bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? 'environment'), message: issue.message })),
    );
  }
  const e = parsed.data;
  const config: Config = {
    ...networkConfig(e),
    ...storageConfig(e),
    ...processConfig(e),
    ...liveConfig(e),
    ...signInConfig(e),
    ...notificationConfig(e),
    ...metricsConfig(e),
    ...clusterConfig(e),
    ...aiConfig(e),
    ...oidcConfig(e),
  };
  return Object.freeze(config);
}
