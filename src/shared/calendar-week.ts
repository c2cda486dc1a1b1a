/**
 * The calendar week of a day, Monday to Sunday (ISO 8601), as `YYYY-MM-DD` strings. The day is the user's
 * today in their own zone (src/lib/i18n/format.ts `todayInUserZone`): the arithmetic here is on calendar
 * days only, so no zone can shift it.
 */
const DAY_MS = 86_400_000;

export function weekOf(day: string): { from: string; to: string } {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  const monday = new Date(date.getTime() - sinceMonday * DAY_MS);
  const sunday = new Date(monday.getTime() + 6 * DAY_MS);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}
