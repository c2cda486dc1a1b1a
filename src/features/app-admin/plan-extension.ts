/**
 * The dates of the console's plan actions, on calendar days (`YYYY-MM-DD`, UTC, as the server stores the
 * expiry): extending an expired plan counts from today, a valid one from its expiry day; ending a plan
 * sets its expiry to yesterday, so it is expired from today on.
 */
import { daysLeft } from '../../lib/plan-days';

export type Extension = 'month' | 'year';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The day an extension counts from: the expiry day of a valid plan, today for an expired one. */
export function extensionBase(expiryDate: string, now: Date = new Date()): string {
  return daysLeft(expiryDate, now) < 0 ? isoDay(startOfDay(now)) : expiryDate;
}

/**
 * The new expiry after extending by a month or a year. A month from 31 January is the last day of
 * February, not 3 March.
 */
export function extendedExpiry(expiryDate: string, by: Extension, now: Date = new Date()): string {
  const [year, month, day] = extensionBase(expiryDate, now).split('-').map(Number) as [number, number, number];
  const targetYear = by === 'year' ? year + 1 : year + Math.floor(month / 12);
  const targetMonth = by === 'year' ? month - 1 : month % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))));
}

/** Yesterday: the expiry date of an ended plan. */
export function endedExpiry(now: Date = new Date()): string {
  return isoDay(new Date(startOfDay(now).getTime() - 86_400_000));
}

/** Whether a chosen date extends the plan: later than both its expiry and yesterday. */
export function isLaterExpiry(chosen: string, expiryDate: string, now: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(chosen) || Number.isNaN(new Date(chosen).getTime())) return false;
  return chosen > expiryDate && chosen > endedExpiry(now);
}
