import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { serializeResponse } from '../../rest/responseSerializer.js';

const item = z.object({ id: z.string(), data: z.object({ text: z.string() }), tags: z.array(z.object({ name: z.string() })) });
const page = z.object({ data: z.array(item), nextCursor: z.string().nullable() });

const sample = (): Record<string, unknown> => ({
  data: [
    { id: 'a', data: { text: 'one' }, tags: [] },
    { id: 'b', data: { text: 'two' }, tags: [{ name: 'x' }, { name: 'y' }] },
  ],
  nextCursor: null,
});

describe('serializeResponse', () => {
  test('sends the schema output', () => {
    expect(serializeResponse(page, sample(), { rejectUndeclared: true })).toEqual({ ok: true, value: sample() });
  });

  test('refuses a result the schema refuses, naming the path', () => {
    const result = sample();
    (result.data as { id: unknown }[])[1]!.id = 7;
    const serialized = serializeResponse(page, result, { rejectUndeclared: false });
    expect(serialized.ok).toBe(false);
    expect(!serialized.ok && serialized.problems[0]).toMatch(/^data\.1\.id: /);
  });

  test('names every undeclared key at any depth, in arrays too', () => {
    const result = sample();
    result.secret = 's';
    const [first, second] = result.data as Record<string, unknown>[];
    (first!.data as Record<string, unknown>).html = '<b>one</b>';
    ((second!.tags as Record<string, unknown>[])[1]!).internal = true;
    expect(serializeResponse(page, result, { rejectUndeclared: true })).toEqual({
      ok: false,
      problems: [
        'data[0].data.html: is not declared by the response schema',
        'data[1].tags[1].internal: is not declared by the response schema',
        'secret: is not declared by the response schema',
      ],
    });
  });

  test('names undeclared keys of objects inside a top-level array', () => {
    const serialized = serializeResponse(z.array(z.object({ id: z.string() })), [{ id: 'a' }, { id: 'b', extra: 1 }], { rejectUndeclared: true });
    expect(serialized).toEqual({ ok: false, problems: ['[1].extra: is not declared by the response schema'] });
  });

  test('ignores keys whose value is undefined, and objects that are not plain', () => {
    const result = Object.assign(Object.create({ inherited: 1 }) as object, sample(), { extra: undefined });
    // Not a plain object: its prototype is not Object.prototype, so it is not walked at all.
    expect(serializeResponse(page, result, { rejectUndeclared: true }).ok).toBe(true);
    expect(serializeResponse(page, { ...sample(), extra: undefined }, { rejectUndeclared: true }).ok).toBe(true);
  });

  test('trims undeclared keys in silence when not asked to reject them', () => {
    expect(serializeResponse(page, { ...sample(), secret: 's' }, { rejectUndeclared: false })).toEqual({ ok: true, value: sample() });
  });
});
