/**
 * Builds one migrated and seeded PGlite data directory per run and dumps it, so that each test file
 * starts from a copy in under a second instead of initialising PostgreSQL (several seconds) itself.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { pgliteDatabase } from '../db/database.ts';
import { seedDemo } from '../seed/demo.ts';

export const TEMPLATE_PATH = path.resolve('.data/test/pglite-template.tar');

export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env?.TEST_DB_DRIVER !== 'pglite') return;
  const pg = await PGlite.create('memory://');
  const db = pgliteDatabase(pg);
  await migrate(db);
  await seedDemo(db);
  const dump = await pg.dumpDataDir('none');
  await mkdir(path.dirname(TEMPLATE_PATH), { recursive: true });
  await writeFile(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
}
