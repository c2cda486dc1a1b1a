/**
 * Databases of the real PostgreSQL server for the tests: created, copied from the run's template, and
 * dropped. Names come from this module only (a fixed prefix and random hex), never from input.
 */
import { quoteIdent } from '../db/database.ts';

/** The schema the template's tables live in; a copy keeps it, so its connections use it too. */
export const TEMPLATE_SCHEMA = 'freight_test';

/** `url` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function onServer<T>(url: string, run: (query: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

/** Creates `name` (empty, or a copy of `template`) and answers its connection string. */
export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  await onServer(url, (query) =>
    query(`CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`),
  );
  return databaseUrl(url, name);
}

/** Drops `name`, closing whatever connection a failed test left open. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await onServer(url, (query) => query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

/**
 * Creates the extensions the migrations create (026: pg_trgm) in the server's test database before any
 * file migrates a schema of it, so that files migrating side by side never race to create them.
 */
export async function createSharedExtensions(url: string): Promise<void> {
  await onServer(url, (query) => query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public'));
}
