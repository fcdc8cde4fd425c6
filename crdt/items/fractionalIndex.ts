/**
 * Fractional indexing for z-order: keys that sort as plain strings (code-unit order) and
 * between any two of which another key can always be made. A key is an integer part whose
 * first character encodes its length ('a'..'z' = 2..27 characters, 'A'..'Z' = the negative
 * side) followed by a base-62 fraction with no trailing '0'. Appending at either end grows
 * keys logarithmically, not linearly. The scheme follows David Greenspan's "Implementing
 * Fractional Indexing" (observablehq.com/@dgreensp/implementing-fractional-indexing).
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ZERO = '0';
const LAST_DIGIT = 'z';
const SMALLEST_INTEGER = `A${ZERO.repeat(26)}`;

function digitValue(char: string): number {
  const value = DIGITS.indexOf(char);
  if (value < 0) throw new TypeError(`Invalid fractional index digit: ${JSON.stringify(char)}`);
  return value;
}

function digitAt(value: number): string {
  const char = DIGITS[value];
  if (char === undefined) throw new TypeError(`Digit out of range: ${value}`);
  return char;
}

/** A key strictly between fractions `a` and `b` (no integer part); `b === null` means 1. */
function midpoint(a: string, b: string | null): string {
  if (b !== null && a >= b) throw new TypeError(`Fractions out of order: ${a} >= ${b}`);
  if (a.endsWith(ZERO) || (b !== null && b.endsWith(ZERO))) throw new TypeError('Fraction with a trailing zero.');
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? ZERO) === b[n]) n += 1;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const low = a.length > 0 ? digitValue(a.charAt(0)) : 0;
  const high = b !== null ? digitValue(b.charAt(0)) : DIGITS.length;
  if (high - low > 1) return digitAt(Math.round((low + high) / 2));
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return digitAt(low) + midpoint(a.slice(1), null);
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 2;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 2;
  throw new TypeError(`Invalid fractional index head: ${JSON.stringify(head)}`);
}

function integerPart(key: string): string {
  const length = integerLength(key.charAt(0));
  if (length > key.length) throw new TypeError(`Fractional index too short: ${key}`);
  return key.slice(0, length);
}

function assertValidKey(key: string): void {
  if (key === SMALLEST_INTEGER) throw new TypeError(`Fractional index out of range: ${key}`);
  const integer = integerPart(key);
  for (const char of key) digitValue(char);
  if (key.slice(integer.length).endsWith(ZERO)) throw new TypeError(`Fractional index with a trailing zero: ${key}`);
}

function incrementInteger(integer: string): string | null {
  const head = integer.charAt(0);
  const digits = integer.slice(1).split('');
  let carry = true;
  for (let i = digits.length - 1; carry && i >= 0; i -= 1) {
    const next = digitValue(digits[i] ?? ZERO) + 1;
    if (next === DIGITS.length) digits[i] = ZERO;
    else {
      digits[i] = digitAt(next);
      carry = false;
    }
  }
  if (!carry) return head + digits.join('');
  if (head === 'Z') return `a${ZERO}`;
  if (head === 'z') return null;
  const nextHead = String.fromCharCode(head.charCodeAt(0) + 1);
  if (nextHead > 'a') digits.push(ZERO);
  else digits.pop();
  return nextHead + digits.join('');
}

function decrementInteger(integer: string): string | null {
  const head = integer.charAt(0);
  const digits = integer.slice(1).split('');
  let borrow = true;
  for (let i = digits.length - 1; borrow && i >= 0; i -= 1) {
    const next = digitValue(digits[i] ?? ZERO) - 1;
    if (next === -1) digits[i] = LAST_DIGIT;
    else {
      digits[i] = digitAt(next);
      borrow = false;
    }
  }
  if (!borrow) return head + digits.join('');
  if (head === 'a') return `Z${LAST_DIGIT}`;
  if (head === 'A') return null;
  const nextHead = String.fromCharCode(head.charCodeAt(0) - 1);
  if (nextHead < 'Z') digits.push(LAST_DIGIT);
  else digits.pop();
  return nextHead + digits.join('');
}

/** Whether `key` is a well-formed fractional index (keys written by other clients may not be). */
export function isFractionalIndex(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * A key strictly between `a` and `b` (`null` = open end); throws TypeError when a key is
 * malformed or `a >= b`.
 */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null) assertValidKey(a);
  if (b !== null) assertValidKey(b);
  if (a !== null && b !== null && a >= b) throw new TypeError(`Keys out of order: ${a} >= ${b}`);
  if (a === null) {
    if (b === null) return `a${ZERO}`;
    const intB = integerPart(b);
    const fracB = b.slice(intB.length);
    if (intB === SMALLEST_INTEGER) return intB + midpoint('', fracB);
    if (intB < b) return intB;
    const lower = decrementInteger(intB);
    if (lower === null) throw new TypeError('Cannot make a key below the smallest key.');
    return lower;
  }
  const intA = integerPart(a);
  const fracA = a.slice(intA.length);
  if (b === null) {
    const higher = incrementInteger(intA);
    return higher === null ? intA + midpoint(fracA, null) : higher;
  }
  const intB = integerPart(b);
  if (intA === intB) return intA + midpoint(fracA, b.slice(intB.length));
  const higher = incrementInteger(intA);
  if (higher === null) throw new TypeError('Cannot increment the largest integer part.');
  return higher < b ? higher : intA + midpoint(fracA, null);
}

/** `count` ascending keys strictly between `a` and `b` (`null` = open end). */
export function keysBetween(a: string | null, b: string | null, count: number): string[] {
  const keys: string[] = [];
  let previous = a;
  for (let i = 0; i < count; i += 1) {
    const key = keyBetween(previous, b);
    keys.push(key);
    previous = key;
  }
  return keys;
}
