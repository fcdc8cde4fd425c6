import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder whose package.json is `boards-server`), found from this file upwards. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'boards-server') return dir;
    dir = path.dirname(dir);
  }
  throw new Error('bench: cannot find the boards-server project root');
}

/** `bench/peers`, the bench-only package of peer servers and clients. */
export function peersDir(): string {
  return path.join(projectRoot(), 'bench', 'peers');
}
