/**
 * A fresh, migrated and seeded database for one test file: a PGlite copy of the run's template, or, on
 * the real server in TEST_DATABASE_URL, a copy of the run's template database (dropped afterwards).
 * Without a template (a test of migrations, or a run whose global setup made none) it is a new schema
 * that this file migrates itself.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openPostgres, pgliteDatabase, pgliteExtensions, quoteIdent, type Database } from '../db/database.ts';
import { migrate, type Migration } from '../db/migrate.ts';
import { seedDemo } from '../seed/demo.ts';
import { TEMPLATE_PATH } from './global-setup.ts';
import { createDatabase, dropDatabase, TEMPLATE_SCHEMA } from './postgres-databases.ts';

export type TestDriver = 'pglite' | 'postgres';

export function testDriver(): TestDriver {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  db: Database;
  /** The schema on the real server; undefined on PGlite. */
  schema: string | undefined;
  /** The owner's connection string of the database on the real server; undefined on PGlite. */
  connectionString: string | undefined;
  close(): Promise<void>;
}

/**
 * `migrations`: only these (a test of one migration applies the ones before it, writes the data it
 * changes, then applies it); implies no seed.
 */
export async function createTestDatabase(
  options: { seed?: boolean; migrations?: Migration[] } = {},
): Promise<TestDatabase> {
  const seed = !options.migrations && (options.seed ?? true);
  if (testDriver() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
    const template = inject('postgresTemplateDatabase');
    if (seed && template) {
      const name = `freight_test_${randomBytes(6).toString('hex')}`;
      const connectionString = await createDatabase(url, name, template);
      const db = await openPostgres({ connectionString, schema: TEMPLATE_SCHEMA, poolSize: 5 });
      return {
        db,
        schema: TEMPLATE_SCHEMA,
        connectionString,
        async close() {
          await db.close();
          await dropDatabase(url, name).catch(() => undefined);
        },
      };
    }
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const db = await openPostgres({ connectionString: url, schema, poolSize: 5 });
    await migrate(db, options.migrations);
    if (seed) await seedDemo(db);
    return {
      db,
      schema,
      connectionString: url,
      async close() {
        await db
          .owner()
          .query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`)
          .catch(() => undefined);
        await db.close();
      },
    };
  }
  let pg: PGlite;
  if (seed) {
    const template = await readFile(TEMPLATE_PATH);
    pg = await PGlite.create({ loadDataDir: new Blob([template]), extensions: await pgliteExtensions() });
  } else {
    pg = await PGlite.create('memory://', { extensions: await pgliteExtensions() });
  }
  const db = pgliteDatabase(pg);
  if (!seed) await migrate(db, options.migrations);
  return { db, schema: undefined, connectionString: undefined, close: () => db.close() };
}
