import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, isoDate, parseCalendarDay, utcCalendarDay } from './dates';

describe('calendar days', () => {
  it('names the UTC day of an instant, as toISOString did, whatever the hour', () => {
    for (const instant of ['2026-03-15T00:00:00Z', '2026-03-15T23:59:59.999Z', '2026-12-31T23:30:00Z']) {
      const date = new Date(instant);
      expect(isoDate(date)).toBe(date.toISOString().slice(0, 10));
    }
  });

  it('defaults to today', () => {
    expect(isoDate()).toBe(new Date().toISOString().slice(0, 10));
  });

  it('counts months and days on the UTC day with date-fns', () => {
    const lateEvening = new Date('2026-01-31T23:30:00Z');
    expect(formatCalendarDay(addMonths(utcCalendarDay(lateEvening), 1))).toBe('2026-02-28');
    expect(formatCalendarDay(addDays(utcCalendarDay(lateEvening), 1))).toBe('2026-02-01');
  });

  it('reads a day back as it was written, and a non-date as invalid', () => {
    expect(formatCalendarDay(parseCalendarDay('2028-02-29'))).toBe('2028-02-29');
    expect(Number.isNaN(parseCalendarDay('not a date').getTime())).toBe(true);
  });
});
