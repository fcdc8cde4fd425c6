const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** Whole calendar days from `earlier` to `later` in local time (0 on the same day). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const start = new Date(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = new Date(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((end.getTime() - start.getTime()) / (24 * hourMs));
}

/**
 * When something happened, as the dashboard says it: "just now", "5 min ago", "3 h ago" the
 * same day, "yesterday", "3 days ago" within a week, and the date after that ("Nov 3", with the
 * year when it is not this year's). A time ahead of `now` (clocks disagree) is "just now".
 */
export function relativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  const ago = now.getTime() - date.getTime();
  if (ago < minuteMs) return 'just now';
  if (ago < hourMs) return `${Math.floor(ago / minuteMs)} min ago`;
  const days = calendarDaysBetween(date, now);
  if (days === 0) return `${Math.floor(ago / hourMs)} h ago`;
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

/** The full date and time, for the title of a relative time. */
export function fullDateTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'short' });
}
