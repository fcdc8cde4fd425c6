import { describe, expect, test } from 'vitest';
import { fullDateTime, relativeTime } from '../../web/dashboard/relativeTime.js';

describe('dashboard times', () => {
  const now = new Date(2026, 10, 29, 11, 30);
  const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

  test('recent times are relative: just now, minutes, hours the same day, yesterday, days within a week', () => {
    expect(relativeTime(at(2026, 10, 29, 11, 29), now, 'en-US')).toBe('1 min ago');
    expect(relativeTime(new Date(now.getTime() - 20_000).toISOString(), now, 'en-US')).toBe('just now');
    expect(relativeTime(at(2026, 10, 29, 11, 25), now, 'en-US')).toBe('5 min ago');
    expect(relativeTime(at(2026, 10, 29, 8, 0), now, 'en-US')).toBe('3 h ago');
    expect(relativeTime(at(2026, 10, 29, 0, 5), now, 'en-US')).toBe('11 h ago');
    expect(relativeTime(at(2026, 10, 28, 23, 59), now, 'en-US')).toBe('yesterday');
    expect(relativeTime(at(2026, 10, 28, 0, 1), now, 'en-US')).toBe('yesterday');
    expect(relativeTime(at(2026, 10, 27, 23, 0), now, 'en-US')).toBe('2 days ago');
    expect(relativeTime(at(2026, 10, 23, 9, 0), now, 'en-US')).toBe('6 days ago');
    // Under an hour counts in minutes even across midnight.
    expect(relativeTime(at(2026, 10, 28, 23, 50), new Date(2026, 10, 29, 0, 20), 'en-US')).toBe('30 min ago');
    // A time ahead of this clock (another machine's clock runs fast) is "just now", never negative.
    expect(relativeTime(at(2026, 10, 29, 11, 45), now, 'en-US')).toBe('just now');
  });

  test('older times are a date, with the year when it is not this one; the title has the full date and time', () => {
    expect(relativeTime(at(2026, 10, 22, 9, 0), now, 'en-US')).toBe('Nov 22');
    expect(relativeTime(at(2026, 0, 3, 9, 0), now, 'en-US')).toBe('Jan 3');
    expect(relativeTime(at(2025, 11, 31, 9, 0), now, 'en-US')).toBe('Dec 31, 2025');
    expect(fullDateTime(at(2025, 11, 31, 9, 5), 'en-US')).toBe('Wednesday, December 31, 2025 at 9:05 AM');
  });
});
