import { geometryLimits } from './geometry.js';

/** A move operation of a batch as `validateBatch`'s schema gives it. */
export interface MoveOperation {
  readonly op: 'move';
  readonly id: string;
  readonly position: { x: number; y: number };
}

const idPattern = /^[A-Za-z0-9_-]{1,100}$/;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function isCoordinate(value: unknown): value is number {
  return typeof value === 'number' && value >= -geometryLimits.maxCoordinate && value <= geometryLimits.maxCoordinate;
}

/** Whether `record`'s keys are exactly `keys`, all its own. */
function hasExactly(record: Record<string, unknown>, keys: readonly string[]): boolean {
  let count = 0;
  for (const key in record) {
    if (!Object.hasOwn(record, key) || !keys.includes(key)) return false;
    count += 1;
  }
  return count === keys.length;
}

const moveKeys = ['op', 'id', 'position'] as const;
const pointKeys = ['x', 'y'] as const;

/**
 * A batch's `{op: 'move', id, position: {x, y}}` read without zod: a batch of a hundred moves
 * spent about half of its validation in a hundred schema parses of the same small shape. Only
 * an operation the move schema accepts as it is (a plain object with exactly these keys, an
 * item id, coordinates within the board's bounds) is read here, into the value the schema would
 * give; anything else gives undefined and goes through the schema, which names what is wrong.
 */
export function plainMove(operation: unknown): MoveOperation | undefined {
  if (!isPlainRecord(operation) || !hasExactly(operation, moveKeys)) return undefined;
  const { op, id, position } = operation;
  if (op !== 'move' || typeof id !== 'string' || !idPattern.test(id)) return undefined;
  if (!isPlainRecord(position) || !hasExactly(position, pointKeys)) return undefined;
  const { x, y } = position;
  if (!isCoordinate(x) || !isCoordinate(y)) return undefined;
  return { op: 'move', id, position: { x, y } };
}
