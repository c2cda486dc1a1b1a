/**
 * Server-assigned numbers without gaps or duplicates (`SEA-2026-00017`): one counter row per company,
 * series and year (`number_counters`, migration 026). Taking a number increments the row inside the
 * caller's write transaction, which locks it until that transaction ends: concurrent writers of one series
 * queue on the row and take consecutive numbers, and a write that is refused rolls its number back with it.
 */
import type { Queryable } from '../db/database.ts';

/** The next number of `series` in `year` for the company (1 for the first). */
export async function nextInSeries(tx: Queryable, companyId: string, series: string, year: number): Promise<number> {
  const { rows } = await tx.query<{ last_value: number }>(
    `INSERT INTO number_counters (company_id, series, year, last_value) VALUES ($1, $2, $3, 1)
     ON CONFLICT (company_id, series, year) DO UPDATE SET last_value = number_counters.last_value + 1
     RETURNING last_value`,
    [companyId, series, year],
  );
  return rows[0]!.last_value;
}

/** The last number taken of `series` in `year` (0 when none), for tools that check a series. */
export async function lastInSeries(tx: Queryable, series: string, year: number): Promise<number> {
  const { rows } = await tx.query<{ last_value: number }>(
    'SELECT last_value FROM number_counters WHERE series = $1 AND year = $2',
    [series, year],
  );
  return rows[0]?.last_value ?? 0;
}
