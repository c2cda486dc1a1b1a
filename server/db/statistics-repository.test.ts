/**
 * The embedded database is analysed when the product starts (PGlite runs no autovacuum), so the planner
 * knows the tables' sizes and reads large reports through their indexes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { testDriver } from '../testing/test-database.ts';
import { prepareDatabase } from '../product.ts';
import { openPglite } from './database.ts';
import { migrate } from './migrate.ts';
import { isAnalysed, refreshEmbeddedStatistics } from './statistics-repository.ts';

describe.runIf(testDriver() === 'pglite')('embedded database statistics (PGlite only: a server has autovacuum)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'statistics-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a migrated database is not analysed until refreshEmbeddedStatistics runs', async () => {
    const db = await openPglite(undefined);
    try {
      await migrate(db);
      expect(await isAnalysed(db, 'audit_log')).toBe(false);
      await refreshEmbeddedStatistics(db);
      expect(await isAnalysed(db, 'audit_log')).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('the product analyses its embedded database when it starts', async () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, 'pglite'), DATABASE_URL: '' });
    const db = await prepareDatabase(config, pino({ level: 'silent' }));
    try {
      expect(await isAnalysed(db, 'audit_log')).toBe(true);
      expect(await isAnalysed(db, 'contacts')).toBe(true);
    } finally {
      await db.close();
    }
  });
});
