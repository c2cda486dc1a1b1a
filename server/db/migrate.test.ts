import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver, type TestDatabase } from '../testing/test-database.ts';
import { loadMigrations, migrate } from './migrate.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(async () => t?.close());

describe('migrations', () => {
  it('records every migration once and applies nothing the second time', async () => {
    const all = await loadMigrations();
    const { rows } = await t.db
      .owner()
      .query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(all.map((m) => m.version));
    expect(await migrate(t.db)).toEqual([]);
  });

  it('applies a new migration exactly once when instances start at the same time', async () => {
    const extra = [...(await loadMigrations()), { version: '999_probe', sql: 'CREATE TABLE probe_once (id int);' }];
    const results = await Promise.all([migrate(t.db, extra), migrate(t.db, extra), migrate(t.db, extra)]);
    expect(results.flat()).toEqual(['999_probe']);
  });

  it('rolls back a failing migration whole', async () => {
    const broken = [
      ...(await loadMigrations()),
      { version: '998_broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' },
    ];
    await expect(migrate(t.db, broken)).rejects.toThrow(/no_such_function/);
    const { rows } = await t.db.owner().query("SELECT 1 FROM pg_tables WHERE tablename = 'half_done'");
    expect(rows).toEqual([]);
  });
  it('keeps no pending list on the embedded database’s GIN indexes, which no autovacuum would merge', async () => {
    const { rows } = await t.db.owner().query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options
         FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid JOIN pg_am a ON a.oid = c.relam
        WHERE a.amname = 'gin' ORDER BY c.relname`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const fastUpdateOff = rows.filter((r) => r.options?.includes('fastupdate=off')).map((r) => r.name);
    // Every GIN index, including ones later migrations add, must be WITH (fastupdate = off) on PGlite (see
    // migration 034); PostgreSQL's autovacuum merges the list, so there either setting is fine.
    if (testDriver() === 'pglite') expect(fastUpdateOff).toEqual(rows.map((r) => r.name));
  });
});
