import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { configVariables, loadConfig } from '../../server/config.js';

const lines = readFileSync('.env.example', 'utf8').split('\n');
const entries = lines
  .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
  .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);

describe('.env.example', () => {
  test('lists every variable the configuration reads, and nothing else', () => {
    expect(entries.map(([name]) => name).sort()).toEqual([...configVariables].sort());
  });

  test('its values are valid as they stand', () => {
    expect(() => loadConfig(Object.fromEntries(entries))).not.toThrow();
  });
});
