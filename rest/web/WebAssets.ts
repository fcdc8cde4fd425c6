import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One built file of the web app, held in memory. */
export interface WebAsset {
  readonly body: Buffer;
  readonly contentType: string;
  /** First 12 hex digits of its SHA-256: the `?v=` of its address, so it can be cached for good. */
  readonly version: string;
}

/** Files the server serves from the build (`scripts/build-web.mjs`), by name. */
const assetTypes: Readonly<Record<string, string>> = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
  'redoc.standalone.js': 'text/javascript; charset=utf-8',
};

/** Chunks the app imports when needed; their names carry their content hash (`chunkNames` in the build). */
const chunkName = /^chunk-[A-Z0-9]{8,}\.js$/;

/** The content type of an asset called `name`, or undefined when no such asset is served. */
function contentTypeOf(name: string): string | undefined {
  return assetTypes[name] ?? (chunkName.test(name) ? 'text/javascript; charset=utf-8' : undefined);
}

/** True when the asset's name itself changes with its content (chunks), so it may be cached for good. */
export function isHashedAssetName(name: string): boolean {
  return chunkName.test(name);
}

/**
 * `dist/webapp` whether this module runs from the sources (tests), from `dist/rest/web/` (the
 * compiled modules) or from `dist/bundle/` (the server's bundle, two folders down as well).
 */
function defaultDirectory(): string {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  return path.basename(root) === 'dist' ? path.join(root, 'webapp') : path.join(root, 'dist', 'webapp');
}

/**
 * The built browser app and API reference renderer, read once on first use. `get` returns
 * undefined when the app was not built (`npm run build` builds it).
 */
export class WebAssets {
  readonly #directory: string;
  readonly #cache = new Map<string, WebAsset | null>();
  #preloads: readonly string[] | undefined;

  constructor(directory: string = defaultDirectory()) {
    this.#directory = directory;
  }

  /** The asset called `name` (`app.js`, `app.css`, `redoc.standalone.js`, `chunk-<hash>.js`), or undefined. */
  get(name: string): WebAsset | undefined {
    const contentType = contentTypeOf(name);
    if (contentType === undefined) return undefined;
    if (!this.#cache.has(name)) {
      const file = path.join(this.#directory, name);
      if (!existsSync(file)) return undefined;
      const body = readFileSync(file);
      this.#cache.set(name, { body, contentType, version: createHash('sha256').update(body).digest('hex').slice(0, 12) });
    }
    return this.#cache.get(name) ?? undefined;
  }

  /** Chunks `app.js` imports statically (`preload.json` of the build), for `<link rel="modulepreload">`; empty when unknown. */
  preloads(): readonly string[] {
    if (this.#preloads === undefined) {
      const file = path.join(this.#directory, 'preload.json');
      let names: unknown;
      try {
        names = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
      } catch {
        names = [];
      }
      this.#preloads = Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string' && chunkName.test(n) && this.get(n) !== undefined) : [];
    }
    return this.#preloads;
  }
}
