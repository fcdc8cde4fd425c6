import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const documents = ['README.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => path.join('docs', name))];

describe('the documentation stands on its own', () => {
  test.each(documents)('%s cites no document that is not in the repository', (file) => {
    const text = readFileSync(file, 'utf8');
    // The rules are stated where they apply, not referred to by the name or number of an outside note.
    expect(text).not.toMatch(/\bSPEC(\.md)?\b|OAUTH-CHECKLIST|BENCHMARK\.md|DESIGN\.md|STYLE\.md|checklist \d|benchmark notes/i);
    for (const match of text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)) {
      const target = match[1] ?? '';
      expect(existsSync(path.join(path.dirname(file), target)), `${file} links to ${target}`).toBe(true);
    }
  });
});
