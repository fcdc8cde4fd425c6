import { describe, expect, test } from 'vitest';
import { spaceLabel } from '../../web/dashboard/spaceLabel.js';

describe('dashboard space labels', () => {
  test('the built-ins, named `default` and `trash` by the API, show labels of their own; real spaces show their name', () => {
    expect(spaceLabel({ kind: 'default', name: 'default' })).toBe('Default');
    expect(spaceLabel({ kind: 'trash', name: 'trash' })).toBe('Trash');
    expect(spaceLabel({ kind: 'space', name: 'default' })).toBe('default');
  });
});
