import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { jsonObject } from '../../rest/schemas/common.js';

describe('jsonObject', () => {
  test('accepts any JSON object and returns a copy with every field', () => {
    const input = { text: 'a', nested: { x: 1 }, list: [1, 2], empty: null };
    const parsed = jsonObject().safeParse(input);
    expect(parsed.success && parsed.data).toEqual(input);
    expect(parsed.success && parsed.data).not.toBe(input);
  });

  test.each([[[]], ['text'], [7], [null], [undefined], [true]])('refuses %j, as the record it stands for does', (value) => {
    expect(jsonObject().safeParse(value).success).toBe(false);
    expect(z.record(z.string(), z.unknown()).safeParse(value).success).toBe(false);
  });

  test('documents itself in JSON Schema exactly as z.record(z.string(), z.unknown()) does, inside objects, arrays and optionals', () => {
    const options = { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' } as const;
    const shape = (value: () => z.ZodType) => z.object({ one: value(), many: z.array(value()), maybe: value().optional() });
    expect(z.toJSONSchema(shape(() => jsonObject()), options)).toEqual(z.toJSONSchema(shape(() => z.record(z.string(), z.unknown())), options));
    expect(z.toJSONSchema(jsonObject('Fields.'), options)).toEqual(z.toJSONSchema(z.record(z.string(), z.unknown()).describe('Fields.'), options));
  });
});
