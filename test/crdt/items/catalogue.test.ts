import { describe, expect, it } from 'vitest';
import {
  CrdtError,
  assertConvertible,
  ItemValidationError,
  createItem,
  getItem,
  getItemType,
  listItemTypes,
  validateCreateItem,
} from '../../../crdt/index.js';
import type { CreateItemBody } from '../../../crdt/index.js';
import { alice, newBoard, nowMs, sticky, thrownBy, withData } from './support.js';

const required = ['sticky_note', 'text', 'shape', 'card', 'section', 'connector', 'comment', 'image', 'document', 'embed', 'doc', 'table', 'code'];

/** Longest accepted value per type, to probe the limit: [field path, data patch at max + 1]. */
const tooLong: Record<string, [string, Record<string, unknown>]> = {
  sticky_note: ['data.text', { text: 'x'.repeat(6001) }],
  text: ['data.text', { text: 'x'.repeat(20_001) }],
  shape: ['data.text', { text: 'x'.repeat(6001) }],
  card: ['data.title', { title: 'x'.repeat(501) }],
  stamp: ['data.emoji', { emoji: 'x'.repeat(17) }],
  section: ['data.title', { title: 'x'.repeat(501) }],
  connector: ['data.label', { label: 'x'.repeat(501) }],
  comment: ['data.text', { text: 'x'.repeat(5001) }],
  freehand: ['data.points', { points: Array.from({ length: 5001 }, () => [0, 0]) }],
  image: ['data.alt', { alt: 'x'.repeat(1001) }],
  document: ['data.title', { title: 'x'.repeat(501) }],
  embed: ['data.title', { title: 'x'.repeat(501) }],
  doc: ['data.markdown', { markdown: 'x'.repeat(200_001) }],
  table: ['data.rows[0][0]', { rows: [['x'.repeat(2001)]] }],
  code: ['data.source', { source: 'x'.repeat(100_001) }],
};

function wrongValue(value: unknown): unknown {
  return typeof value === 'string' ? 12345 : 'not-the-right-type';
}

function issueFields(fn: () => unknown): string[] {
  const error = thrownBy(fn);
  expect(error).toBeInstanceOf(ItemValidationError);
  const validation = error as ItemValidationError;
  expect(validation.code).toBe('validation_failed');
  expect(validation.message).toContain(validation.issues[0]?.field ?? '?');
  return validation.issues.map((issue) => issue.field);
}

/** The example, made creatable on `doc` (a connector's ends must exist). */
function creatableExample(doc: ReturnType<typeof newBoard>, example: CreateItemBody): CreateItemBody {
  if (example.type !== 'connector') return example;
  return withData(example, { from: sticky(doc, 0, 0).id, to: sticky(doc, 400, 0).id });
}

describe('item-type catalogue', () => {
  it('lists 15 types including every required one, each with a JSON Schema, example and size rules', () => {
    const types = listItemTypes();
    expect(types.length).toBeGreaterThanOrEqual(13);
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(required));
    for (const info of types) {
      expect(info.dataSchema['type']).toBe('object');
      expect(info.dataSchema['additionalProperties']).toBe(false);
      expect(info.example.type).toBe(info.type);
      expect(info.minSize.width).toBeLessThanOrEqual(info.defaultSize.width);
      expect(info.defaultSize.width).toBeLessThanOrEqual(info.maxSize.width);
      for (const target of info.convertsTo) expect(() => getItemType(target)).not.toThrow();
      expect(Object.keys(tooLong)).toContain(info.type);
    }
  });

  it('getItemType throws unknown_item_type for an unknown name', () => {
    const error = thrownBy(() => getItemType('hologram'));
    expect(error).toBeInstanceOf(CrdtError);
    expect((error as CrdtError).code).toBe('unknown_item_type');
  });

  describe.each(listItemTypes().map((info) => [info.type, info] as const))('%s', (type, info) => {
    it('accepts its example as-is and round-trips it through createItem/getItem', () => {
      const doc = newBoard();
      const body = creatableExample(doc, info.example);
      const parsed = validateCreateItem(body);
      const created = createItem(doc, body, alice, nowMs);
      const read = getItem(doc, created.id);
      expect(read).toEqual(created);
      expect(read.id).toMatch(/^itm_[0-9a-f]{20}$/);
      expect(read.type).toBe(type);
      expect(read.position).toEqual(body.position);
      expect(read.size).toEqual(body.size);
      expect(read.rotation).toBe(0);
      expect(read.createdBy).toBe('usr_alice');
      expect(read.createdAt).toBe('2026-10-01T12:00:00.000Z');
      expect(read.updatedAt).toBe('2026-10-01T12:00:00.000Z');
      const expected = type === 'comment' ? { ...parsed.data, replies: [] } : parsed.data;
      expect(read.data).toEqual(expected);
    });

    it('rejects an unknown data field, naming it', () => {
      expect(issueFields(() => validateCreateItem(withData(info.example, { bogus: 1 })))).toContain('data.bogus');
    });

    it('rejects a data field of the wrong type, naming it', () => {
      const [field, value] = Object.entries(info.example.data)[0] ?? ['?', undefined];
      const fields = issueFields(() => validateCreateItem(withData(info.example, { [field]: wrongValue(value) })));
      expect(fields).toContain(`data.${field}`);
    });

    it('rejects text past its limit, naming the field', () => {
      const [field, patch] = tooLong[type] ?? ['?', {}];
      expect(issueFields(() => validateCreateItem(withData(info.example, patch)))).toContain(field);
    });

    it('rejects geometry outside the board and the type limits', () => {
      const tooWide = { ...info.example, size: { width: info.maxSize.width + 1, height: info.defaultSize.height } };
      expect(issueFields(() => validateCreateItem(tooWide))).toEqual(['size.width']);
      const tooFar = { ...info.example, position: { x: 2e7, y: 0 } };
      expect(issueFields(() => validateCreateItem(tooFar))).toEqual(['position.x']);
      const notANumber = { ...info.example, rotation: 'left' };
      expect(issueFields(() => validateCreateItem(notANumber))).toEqual(['rotation']);
    });
  });
});

describe('validateCreateItem', () => {
  const note = getItemType('sticky_note').example;

  it('applies the default size and data defaults and normalizes rotation into [0, 360)', () => {
    const { size: _size, ...withoutSize } = note;
    const parsed = validateCreateItem({ ...withoutSize, rotation: -90, data: { text: 'hi' } });
    expect(parsed.size).toEqual({ width: 200, height: 200 });
    expect(parsed.rotation).toBe(270);
    expect(parsed.data).toEqual({ text: 'hi', color: '#fff9b1' });
    expect(validateCreateItem({ ...note, rotation: 720 }).rotation).toBe(0);
    expect(Object.is(validateCreateItem({ ...note, rotation: -360 }).rotation, 0)).toBe(true);
  });

  it('names an unknown type, unknown envelope fields, and a missing position', () => {
    expect(issueFields(() => validateCreateItem({ ...note, type: 'hologram' }))).toEqual(['type']);
    expect(issueFields(() => validateCreateItem({ ...note, colour: 'red' }))).toContain('colour');
    const { position: _position, ...noPosition } = note;
    expect(issueFields(() => validateCreateItem(noPosition))).toContain('position');
    expect(issueFields(() => validateCreateItem('sticky'))).toEqual(['(body)']);
  });

  it('reports several problems at once, first one in the message', () => {
    const error = thrownBy(() =>
      validateCreateItem({ ...note, size: { width: 0, height: 50 }, data: { text: 5, extra: true } }),
    ) as ItemValidationError;
    expect(error.issues.map((issue) => issue.field)).toEqual(
      expect.arrayContaining(['size.width', 'data.text', 'data.extra']),
    );
    expect(error.message.startsWith(`${error.issues[0]?.field}:`)).toBe(true);
  });

  it('checks type-specific rules: https only, one image source, equal table rows, distinct connector ends', () => {
    const embed = getItemType('embed').example;
    expect(issueFields(() => validateCreateItem(withData(embed, { url: 'http://example.com' })))).toEqual(['data.url']);
    expect(issueFields(() => validateCreateItem(withData(embed, { url: 'javascript:alert(1)' })))).toEqual(['data.url']);
    const image = getItemType('image').example;
    expect(issueFields(() => validateCreateItem(withData(image, { assetId: 'ast_1' })))).toEqual(['data.url']);
    const table = getItemType('table').example;
    expect(issueFields(() => validateCreateItem(withData(table, { rows: [['a', 'b'], ['c']] })))).toEqual(['data.rows[1]']);
    const tooManyRows = Array.from({ length: 201 }, () => ['x']);
    expect(issueFields(() => validateCreateItem(withData(table, { rows: tooManyRows })))).toEqual(['data.rows']);
    const connector = getItemType('connector').example;
    expect(issueFields(() => validateCreateItem(withData(connector, { to: connector.data['from'] })))).toEqual(['data.to']);
  });
});

describe('assertConvertible', () => {
  it('allows the listed targets and names the problem otherwise', () => {
    expect(() => assertConvertible('sticky_note', 'card')).not.toThrow();
    expect((thrownBy(() => assertConvertible('section', 'card')) as CrdtError).code).toBe('conversion_not_supported');
    expect((thrownBy(() => assertConvertible('sticky_note', 'hologram')) as CrdtError).code).toBe('unknown_item_type');
  });
});
