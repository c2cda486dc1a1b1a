/**
 * Applies the SQL migrations in `server/db/migrations` in file-name order, each in its own
 * transaction, under an advisory lock so that several instances starting at once apply each exactly once.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './database.ts';
import { importReferencePlaces } from './reference-places-import.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  );
}

/**
 * Returns the versions applied by this call (empty when the schema was already current). With the
 * product's own migrations (no `migrations` given), the checked-in place lists are imported afterwards.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  const applied: string[] = [];
  await db
    .owner()
    .query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  for (const migration of all) {
    await db.ownerScript(async (exec, tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.schema_migrations'))");
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rows.length > 0) return;
      await exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      applied.push(migration.version);
    });
  }
  if (!migrations) await importReferencePlaces(db);
  return applied;
}
