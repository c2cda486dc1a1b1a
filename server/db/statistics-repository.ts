/**
 * The planner's table statistics on the embedded database. A PostgreSQL server's autovacuum keeps them
 * fresh; PGlite runs no autovacuum, so without this its tables are never analysed and the planner guesses:
 * a 100,000-row audit report read in keyset batches sorted the company's whole trail for every batch
 * instead of walking migration 019's index (6.8 s → 1.8 s for the 51 batches once analysed; ANALYZE of
 * the whole database took 0.3 s).
 */
import type { Database } from './database.ts';

/** How often the running product analyses the embedded database again (its tables keep growing). */
export const EMBEDDED_ANALYZE_INTERVAL_MS = 60 * 60 * 1000;

export async function refreshEmbeddedStatistics(db: Database): Promise<void> {
  if (db.driver !== 'pglite') return; // A server's autovacuum does this.
  await db.owner().query('ANALYZE');
}

/** Whether `table` has been analysed (PostgreSQL 14+: `reltuples` is -1 until then). Tests only. */
export async function isAnalysed(db: Database, table: string): Promise<boolean> {
  const { rows } = await db
    .owner()
    .query<{ analysed: boolean }>(`SELECT reltuples >= 0 AS analysed FROM pg_class WHERE oid = $1::regclass`, [table]);
  return rows[0]?.analysed ?? false;
}
