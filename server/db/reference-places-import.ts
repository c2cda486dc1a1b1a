/**
 * Imports the checked-in place files (server/db/reference-data, written by
 * scripts/derive-reference-data.mjs) into the tables of migration 012. The migrator runs it after the SQL
 * migrations, on every start: a SQL migration cannot read a file, and comparing the file's SHA-256 with
 * the one recorded makes an unchanged release cost one query. A new release is a re-run of the script
 * and a commit of its output; the next start upserts it and marks the codes it dropped inactive, never
 * deleting one (a company's record may name it).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Database } from './database.ts';
import { importedHash, lockImports, upsertRelease, type PlaceDataset } from './reference-places-repository.ts';

export const REFERENCE_DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reference-data');

const FILES: Record<PlaceDataset, string> = { oceanports: 'oceanports.json.gz', airports: 'airports.json.gz' };

/** Bumped on each import that changed a table, so that the services reload their in-memory copies. */
const generations = new WeakMap<Database, number>();
export function placesGeneration(db: Database): number {
  return generations.get(db) ?? 0;
}

export interface PlaceRelease {
  dataset: PlaceDataset;
  /** The JSON text of the file's `rows`. */
  rowsJson: string;
  sha256: string;
}

export async function readRelease(dataset: PlaceDataset, dir = REFERENCE_DATA_DIR): Promise<PlaceRelease> {
  const json = gunzipSync(await readFile(path.join(dir, FILES[dataset]))).toString('utf8');
  const { rows } = JSON.parse(json) as { rows: unknown[] };
  return { dataset, rowsJson: JSON.stringify(rows), sha256: createHash('sha256').update(json).digest('hex') };
}

/** Imports each release whose hash differs from the one recorded; returns what it changed. */
export async function importReferencePlaces(
  db: Database,
  releases?: PlaceRelease[],
): Promise<Array<{ dataset: PlaceDataset; rows: number; deactivated: number }>> {
  const all = releases ?? (await Promise.all((['oceanports', 'airports'] as const).map((d) => readRelease(d))));
  const done: Array<{ dataset: PlaceDataset; rows: number; deactivated: number }> = [];
  for (const release of all) {
    await db.ownerScript(async (_exec, tx) => {
      await lockImports(tx);
      if ((await importedHash(tx, release.dataset)) === release.sha256) return;
      done.push({
        dataset: release.dataset,
        ...(await upsertRelease(tx, release.dataset, release.rowsJson, release.sha256)),
      });
    });
  }
  if (done.length > 0) generations.set(db, placesGeneration(db) + 1);
  return done;
}
