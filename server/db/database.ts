/**
 * One database interface over two drivers: embedded PGlite (the default) and node-postgres
 * (`DATABASE_URL`). The SQL is the same for both.
 *
 * Tenant isolation is enforced by PostgreSQL itself: company-owned tables have row-level security
 * forced, and every request's queries run inside a transaction that switches to the non-owning role
 * `freight_app` and sets `app.company_id` for that transaction only (`SET LOCAL`, safe behind a pool).
 */
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Client, Pool, PoolClient } from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

/** Anything that runs SQL: a transaction handle or the whole database. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

/** The roles a transaction can run as. Neither owns a table. */
export type DbRole =
  /** Row-level security applies: sees only `app.company_id`'s rows. */
  | 'freight_app'
  /** Bypasses row-level security: sign-in lookups before a company is known, super-admin, seed. */
  | 'freight_system';

export interface TransactionOptions {
  role: DbRole;
  /** The company whose rows the transaction may see; `null` for none. */
  companyId: string | null;
  /** The acting user, recorded by audit triggers and repositories. */
  userId?: string | null;
}

export interface Database {
  readonly driver: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction as `options.role` with the tenant set; rolls back on throw. */
  transaction<T>(options: TransactionOptions, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs SQL as the connecting (owner) user, outside row-level security: migrations only. */
  owner(): Queryable;
  /** Runs a multi-statement script in one owner transaction: migrations only. */
  ownerScript(fn: (exec: (script: string) => Promise<void>, tx: Queryable) => Promise<void>): Promise<void>;
  /** Subscribes to `LISTEN channel`; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** A round trip to the server, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statements that open a scoped transaction, as one simple-protocol script: one round trip instead
 * of three on the hot path. The ids are inlined, so they must be UUIDs (anything else is refused).
 */
export function scopeScript(options: TransactionOptions): string {
  const ids = [options.companyId ?? '', options.userId ?? ''];
  for (const id of ids) {
    if (id !== '' && !UUID.test(id)) throw new Error('transaction scope ids must be UUIDs');
  }
  const role = options.role === 'freight_system' ? 'freight_system' : 'freight_app';
  return `SET LOCAL ROLE ${role}; SELECT set_config('app.company_id', '${ids[0]}', true), set_config('app.user_id', '${ids[1]}', true)`;
}

// ---------------------------------------------------------------------------------------------
// PGlite

/**
 * PostgreSQL settings for the embedded database: small buffers, because a desk product's data fits and
 * the WebAssembly heap is resident memory (128 MB shared_buffers by default: 288 MB RSS after opening; 8 MB: about 130 MB).
 */
export const PGLITE_SETTINGS = ['shared_buffers = 8MB', 'work_mem = 4MB', 'temp_buffers = 2MB', 'wal_buffers = 1MB'];

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const fs = await import('node:fs/promises');
  const dir = dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) {
    // PGlite does not create parent folders.
    await fs.mkdir(dir, { recursive: true });
    const initialised = await fs.stat(`${dir}/PG_VERSION`).then(
      () => true,
      () => false,
    );
    if (!initialised) await initialiseInChildProcess(dir);
  }
  const pg: PGlite = await PGlite.create(dir, { postgresqlconf: PGLITE_SETTINGS });
  return pgliteDatabase(pg);
}

async function initialiseInChildProcess(dir: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const script = fileURLToPath(new URL('./pglite-init.mjs', import.meta.url));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`initialising the embedded database failed (exit ${code}): ${stderr.slice(-500)}`)),
    );
  });
}

function pgliteQueryable(pg: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<Row>(sql: string, params?: readonly unknown[]) {
      const result = await pg.query<Row>(sql, params ? [...params] : undefined);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
  };
}

export function pgliteDatabase(pg: PGlite): Database {
  return {
    driver: 'pglite',
    async transaction(options, fn) {
      const script = scopeScript(options);
      return pg.transaction(async (tx) => {
        await tx.exec(script);
        return fn(pgliteQueryable(tx));
      });
    },
    owner: () => pgliteQueryable(pg),
    async ownerScript(fn) {
      await pg.transaction(async (tx) => {
        await fn(async (script) => {
          await tx.exec(script);
        }, pgliteQueryable(tx));
      });
    },
    async listen(channel, onPayload) {
      assertChannel(channel);
      const unsubscribe = await pg.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async ping() {
      await pg.query('SELECT 1');
    },
    async close() {
      await pg.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// node-postgres

export interface PostgresOptions {
  connectionString: string;
  /** Schema to use instead of `public` (tests give each suite its own). */
  schema?: string;
  poolSize?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const { default: pg } = await import('pg');
  const searchPath = options.schema ? `-c search_path=${options.schema}` : undefined;
  const pool: Pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    options: searchPath,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  if (options.schema) {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`);
  }
  return postgresDatabase(pool, options, searchPath);
}

const statementNames = new Map<string, string>();

/**
 * A parameterised query runs as a named prepared statement, so that each pooled connection parses and
 * plans it once instead of on every call (the hot path: authentication and fetch-user). The name is a
 * hash of the text; a query without parameters (scripts, DDL) runs as a simple query.
 */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `q_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 5000) statementNames.set(sql, name);
  }
  return name;
}

function clientQueryable(client: Pick<PoolClient, 'query'> | Pool): Queryable {
  return {
    async query<Row>(sql: string, params?: readonly unknown[]) {
      const result =
        params && params.length > 0
          ? await client.query({ name: statementName(sql), text: sql, values: [...params] })
          : await client.query(sql);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    },
  };
}

function postgresDatabase(pool: Pool, options: PostgresOptions, searchPath: string | undefined): Database {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: Promise<Client> | undefined;

  async function getListenClient(): Promise<Client> {
    listenClient ??= (async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: options.connectionString, options: searchPath });
      client.on('notification', (message) => {
        for (const handler of listeners.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    })();
    return listenClient;
  }

  return {
    driver: 'postgres',
    async transaction(txOptions, fn) {
      const script = `BEGIN; ${scopeScript(txOptions)}`;
      const client = await pool.connect();
      try {
        await client.query(script);
        const q = clientQueryable(client);
        const result = await fn(q);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    owner: () => clientQueryable(pool),
    async ownerScript(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await fn(async (script) => {
          await client.query(script);
        }, clientQueryable(client));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      assertChannel(channel);
      const client = await getListenClient();
      let handlers = listeners.get(channel);
      if (!handlers) {
        handlers = new Set();
        listeners.set(channel, handlers);
        await client.query(`LISTEN ${channel}`);
      }
      handlers.add(onPayload);
      return async () => {
        handlers.delete(onPayload);
        if (handlers.size === 0) {
          listeners.delete(channel);
          await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
        }
      };
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      if (listenClient) await (await listenClient).end().catch(() => undefined);
      await pool.end();
    },
  };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Opens the database the configuration names: `DATABASE_URL` if set, else PGlite in `dataDir`. */
export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  schema?: string | undefined;
}): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({ connectionString: config.databaseUrl, schema: config.schema });
  }
  return openPglite(config.dataDir);
}
