/**
 * Days left on a company's plan, as the dashboard and the banners count them. Plain UTC arithmetic, not
 * date-fns: the dashboard's first load carries this, and `differenceInCalendarDays` on the days of
 * src/shared/dates.ts was measured at +2.0 kB gzip there (1.7 kB of it date-fns' parsing and formatting),
 * with 0.3 kB left under the dashboard's 230 kB budget.
 */
/** Whole days from `now` to the end of the plan's expiry day (negative once it has passed). */
export function daysLeft(expiryDate: string, now: Date = new Date()): number {
  const end = new Date(expiryDate);
  if (Number.isNaN(end.getTime())) return 0;
  const dayMs = 86_400_000;
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const expiryDay = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  return Math.round((expiryDay - startOfToday) / dayMs);
}
