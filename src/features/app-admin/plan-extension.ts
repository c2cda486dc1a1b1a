/**
 * The dates of the console's plan actions, on calendar days (`YYYY-MM-DD`, UTC, as the server stores the
 * expiry): extending an expired plan counts from today, a valid one from its expiry day; ending a plan
 * sets its expiry to yesterday, so it is expired from today on. The arithmetic is date-fns' on UTC days
 * (src/shared/dates.ts).
 */
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { isValid } from 'date-fns/isValid';
import { subDays } from 'date-fns/subDays';
import { daysLeft } from '../../lib/plan-days';
import { formatCalendarDay, isoDate, parseCalendarDay, utcCalendarDay } from '../../shared/dates';

export type Extension = 'month' | 'year';

/** The day an extension counts from: the expiry day of a valid plan, today for an expired one. */
export function extensionBase(expiryDate: string, now: Date = new Date()): string {
  return daysLeft(expiryDate, now) < 0 ? isoDate(now) : expiryDate;
}

/**
 * The new expiry after extending by a month or a year. A month from 31 January is the last day of
 * February, not 3 March (date-fns keeps the month).
 */
export function extendedExpiry(expiryDate: string, by: Extension, now: Date = new Date()): string {
  const base = parseCalendarDay(extensionBase(expiryDate, now));
  return formatCalendarDay(by === 'year' ? addYears(base, 1) : addMonths(base, 1));
}

/** Yesterday: the expiry date of an ended plan. */
export function endedExpiry(now: Date = new Date()): string {
  return formatCalendarDay(subDays(utcCalendarDay(now), 1));
}

/** Whether a chosen date extends the plan: later than both its expiry and yesterday. */
export function isLaterExpiry(chosen: string, expiryDate: string, now: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(chosen) || !isValid(parseCalendarDay(chosen))) return false;
  return chosen > expiryDate && chosen > endedExpiry(now);
}
