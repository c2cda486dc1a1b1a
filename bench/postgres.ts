/** A throwaway schema on the machine's PostgreSQL for one product instance, dropped afterwards. */
import pg from 'pg';
import { BENCH_DATABASE_URL } from './lib.ts';

export function benchSchemaName(label: string): string {
  return `bench_${label}_${process.pid}_${Date.now().toString(36)}`;
}

export async function dropSchema(schema: string): Promise<void> {
  if (!/^bench_[a-z0-9_]+$/.test(schema)) throw new Error(`refusing to drop schema ${schema}`);
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Environment for start.mjs on PostgreSQL with the demo data in `schema`. */
export function postgresEnv(schema: string): Record<string, string> {
  return { DATABASE_URL: BENCH_DATABASE_URL, DATABASE_SCHEMA: schema, SEED_DEMO: '1' };
}
