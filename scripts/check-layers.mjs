#!/usr/bin/env node
// Checks that imports point one way: rest -> server -> crdt -> storage (skipping a layer
// down is fine). The composition root (server/main.ts) and the CLI (server/cli.ts) may
// import rest/ to mount it. Exits 1 and lists every violation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const layers = ['storage', 'crdt', 'server', 'rest'];
const rank = Object.fromEntries(layers.map((name, i) => [name, i]));
const mayImportUp = new Set(['server/main.ts', 'server/cli.ts']);

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (full.endsWith('.ts')) yield full;
  }
}

const violations = [];
for (const layer of layers) {
  for (const file of files(layer)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const specifier = match[1] ?? match[2];
      if (!specifier.startsWith('.')) continue;
      const target = path.relative('.', path.resolve(path.dirname(file), specifier)).split(path.sep)[0];
      if (!(target in rank)) continue;
      if (rank[target] > rank[layer] && !mayImportUp.has(file.split(path.sep).join('/'))) {
        violations.push(`${file}: imports ${specifier} (${layer} must not import ${target})`);
      }
    }
  }
}
if (violations.length > 0) {
  console.error(`Layer violations (imports must point rest -> server -> crdt -> storage):\n${violations.join('\n')}`);
  process.exit(1);
}
console.log('Layers: imports point rest -> server -> crdt -> storage.');
