/**
 * Calendar days (`YYYY-MM-DD`) as the product stores them: UTC days (plan expiry, rates valid from, file
 * names). date-fns counts in the local time zone, so a UTC day is handed to it as the local midnight of
 * that day (`utcCalendarDay`): its calendar arithmetic (months, days) is then right in any time zone, and
 * `formatCalendarDay` reads the same day back. Imported per function, so that a chunk carries only what it
 * uses (issue 22 item 5).
 */
import { formatISO } from 'date-fns/formatISO';
import { parseISO } from 'date-fns/parseISO';

/** The UTC day of an instant, as local midnight of that day (what date-fns' calendar functions count with). */
export function utcCalendarDay(instant: Date): Date {
  const day = new Date(0);
  day.setFullYear(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  day.setHours(0, 0, 0, 0);
  return day;
}

/** A calendar day made by `utcCalendarDay` or `parseCalendarDay` (or date-fns from them), as `YYYY-MM-DD`. */
export function formatCalendarDay(day: Date): string {
  return formatISO(day, { representation: 'date' });
}

/** `YYYY-MM-DD` as local midnight of that day; an Invalid Date when it is not a date. */
export function parseCalendarDay(text: string): Date {
  return parseISO(text);
}

/** The UTC day of an instant (now by default) as `YYYY-MM-DD`: what `toISOString().slice(0, 10)` gave. */
export function isoDate(instant: Date = new Date()): string {
  return formatCalendarDay(utcCalendarDay(instant));
}
