/**
 * Builds one migrated and seeded database per run, so that each test file starts from a copy instead of
 * running every migration, the UN/LOCODE and IATA import and the demo seed itself:
 *
 * - PGlite: a dumped data directory, loaded by each file in under a second.
 * - PostgreSQL (TEST_DATABASE_URL): a template database, cloned with `CREATE DATABASE … TEMPLATE` by each
 *   file. Measured on this machine the clone takes a fraction of the seconds a migrate-and-seed costs.
 *   The template is named per run and dropped at teardown, so runs side by side do not meet.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { openPostgres, pgliteDatabase, pgliteExtensions } from '../db/database.ts';
import { seedDemo } from '../seed/demo.ts';
import { createDatabase, createSharedExtensions, dropDatabase, TEMPLATE_SCHEMA } from './postgres-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's template database on the real server; empty when the run has none. */
    postgresTemplateDatabase: string;
  }
}

export const TEMPLATE_PATH = path.resolve('.data/test/pglite-template.tar');

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const driver = project.config.env?.TEST_DB_DRIVER;
  if (driver === 'postgres') return setupPostgresTemplate(project);
  if (driver !== 'pglite') return undefined;
  const pg = await PGlite.create('memory://', { extensions: await pgliteExtensions() });
  const db = pgliteDatabase(pg);
  await migrate(db);
  await seedDemo(db);
  const dump = await pg.dumpDataDir('none');
  await mkdir(path.dirname(TEMPLATE_PATH), { recursive: true });
  await writeFile(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  return undefined;
}

async function setupPostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  await createSharedExtensions(url);
  const name = `freight_test_template_${randomBytes(4).toString('hex')}`;
  const templateUrl = await createDatabase(url, name);
  try {
    const db = await openPostgres({ connectionString: templateUrl, schema: TEMPLATE_SCHEMA, poolSize: 2 });
    try {
      await migrate(db);
      await seedDemo(db);
    } finally {
      // A template must have no connection left when it is copied.
      await db.close();
    }
  } catch (error) {
    await dropDatabase(url, name);
    throw error;
  }
  project.provide('postgresTemplateDatabase', name);
  return () => dropDatabase(url, name);
}
