import { z } from 'zod';
import type { Config } from './Config.js';
import { port, trimmedNonEmpty, type Parsed } from './readers.js';

/** The variables of where the server listens and the address people reach it at. */
export const networkVariables = {
  BOARDS_HOST: trimmedNonEmpty().default('127.0.0.1'),
  BOARDS_PORT: port.default(8080),
  BOARDS_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://boards.example.com' })
    .optional(),
};

/** Where the server listens and its public address (part of `Config`). */
export interface NetworkConfig {
  /** Interface to listen on; default 127.0.0.1. */
  readonly host: string;
  /** TCP port; default 8080; 0 picks a free port (tests). */
  readonly port: number;
  /**
   * Public origin without trailing slash; default `http://localhost:<port>` (with `BOARDS_PORT=0`,
   * the port actually bound: see `withBoundPort`).
   */
  readonly publicUrl: string;
  /** True when `BOARDS_PUBLIC_URL` set the public URL; false when it is the development default. */
  readonly publicUrlFromEnv: boolean;
}

/** The network settings of parsed variables. */
export function networkConfig(e: Parsed<typeof networkVariables>): NetworkConfig {
  return {
    host: e.BOARDS_HOST,
    port: e.BOARDS_PORT,
    publicUrl: (e.BOARDS_PUBLIC_URL ?? `http://localhost:${e.BOARDS_PORT}`).replace(/\/+$/, ''),
    publicUrlFromEnv: e.BOARDS_PUBLIC_URL !== undefined,
  };
}

/**
 * The configuration once the server listens: without `BOARDS_PUBLIC_URL`, links name the port
 * actually bound (which differs from `BOARDS_PORT` when that is 0).
 */
export function withBoundPort(config: Config, port: number): Config {
  if (config.publicUrlFromEnv || config.port === port) return config;
  return Object.freeze({ ...config, port, publicUrl: `http://localhost:${port}` });
}

const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose form posts count as the service's own: the public URL's, and in development,
 * when the public URL is a loopback address, the same port under every loopback name (people
 * open `http://127.0.0.1:8080` as readily as `http://localhost:8080`).
 */
export function acceptedOrigins(config: Pick<Config, 'publicUrl' | 'production'>): string[] {
  const url = new URL(config.publicUrl);
  if (config.production || !loopbackNames.includes(url.hostname)) return [url.origin];
  return loopbackNames.map((name) => `${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
}
