import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getItemType, listItemTypes, textOfItem, validateCreateItem } from '../../crdt/index.js';
import { findItemTypeDefinition } from '../../crdt/items/catalogue.js';
import { convertTask } from '../../server/ai/aiTasks.js';
import { convertContent } from '../../server/ai/builtin/convert.js';

interface JsonProperty {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  format?: string;
}

const colour = fc.stringMatching(/^#[0-9a-f]{6}$/);

/** A value for a style field that the field's JSON Schema accepts. */
function styleValue(property: JsonProperty): fc.Arbitrary<unknown> {
  if (property.enum !== undefined) return fc.constantFrom(...property.enum);
  if (property.pattern?.includes('0-9a-fA-F')) return colour;
  if (property.type === 'integer') return fc.integer({ min: property.minimum ?? 0, max: property.maximum ?? 1000 });
  if (property.type === 'number') return fc.integer({ min: Math.ceil(property.minimum ?? 0), max: Math.floor(property.maximum ?? 1000) });
  if (property.type === 'boolean') return fc.boolean();
  throw new Error(`No generator for style field ${JSON.stringify(property)}`);
}

/** Content text with no digits, lower-case letters or '#': it cannot contain a style value by chance. */
const contentText = fc.stringMatching(/^[A-Z][A-Z .]{0,40}$/);

/** Source data of `type`: generated content strings over its example, and generated values for every style field. */
function sourceData(type: string): fc.Arbitrary<{ content: Record<string, unknown>; style: Record<string, unknown> }> {
  const info = getItemType(type);
  const properties = (info.dataSchema['properties'] ?? {}) as Record<string, JsonProperty>;
  const example = info.example.data;
  const content: Record<string, fc.Arbitrary<unknown>> = {};
  const style: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [field, property] of Object.entries(properties)) {
    if (info.contentFields.includes(field)) {
      const plain = property.type === 'string' && property.format === undefined && property.pattern === undefined && typeof example[field] === 'string';
      content[field] = plain ? contentText : fc.constant(example[field]);
    } else {
      style[field] = styleValue(property);
    }
  }
  return fc.record({ content: fc.record(content), style: fc.record(style) }).map(({ content: c, style: s }) => ({
    content: Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)),
    style: s,
  }));
}

const pairs = listItemTypes().flatMap((info) => info.convertsTo.map((target) => [info.type, target] as const));

/** Converts like the builtin provider and validates the result as a create would. */
function convert(sourceType: string, data: Record<string, unknown>, targetType: string) {
  const task = convertTask({ type: sourceType, data }, targetType);
  if (task.kind !== 'convert') throw new Error('not a convert task');
  const built = convertContent(task.sourceType, task.sourceData, task.sourceText, task.targetType);
  return validateCreateItem({ type: built.type, position: { x: 0, y: 0 }, data: built.data });
}

describe('convert carries content, never style', () => {
  it('the catalogue has convertible pairs, and every text field is a content field', () => {
    expect(pairs.length).toBeGreaterThan(10);
    for (const info of listItemTypes()) {
      const fields = Object.keys((info.dataSchema['properties'] ?? {}) as object);
      for (const field of info.textFields) expect(info.contentFields, `${info.type}.${field}`).toContain(field);
      for (const field of info.contentFields) expect(fields.concat(findItemTypeDefinition(info.type)?.listFields ?? []), `${info.type}.${field}`).toContain(field);
    }
  });

  it.each(pairs)('%s -> %s: no style value of the source appears in the new item, whose style does not depend on the source', (sourceType, targetType) => {
    fc.assert(
      fc.property(sourceData(sourceType), sourceData(sourceType), ({ content, style }, { style: otherStyle }) => {
        const converted = convert(sourceType, { ...content, ...style }, targetType);
        const contentFields = getItemType(targetType).contentFields;
        const text = [textOfItem(converted), ...contentFields.map((field) => JSON.stringify(converted.data[field] ?? ''))].join('\n');
        for (const [field, value] of Object.entries(style)) {
          if (typeof value === 'string' || typeof value === 'number') expect(text, `${sourceType}.${field} = ${value}`).not.toContain(String(value));
        }
        expect(convert(sourceType, { ...content, ...otherStyle }, targetType)).toEqual(converted);
      }),
      { numRuns: 50 },
    );
  });
});
