/**
 * One database interface over two drivers: embedded PGlite (the default) and node-postgres
 * (`DATABASE_URL`). The SQL is the same for both.
 *
 * Tenant isolation is enforced by PostgreSQL itself: company-owned tables have row-level security
 * forced, and every request's queries run inside a transaction that switches to the non-owning role
 * `freight_app` and sets `app.company_id` for that transaction only (`SET LOCAL`, safe behind a pool).
 *
 * On a real server the requests connect as the login role `freight_login` (migration 011), never as the
 * owner: SQL that ran `RESET ROLE` would land on a role that owns nothing and may read nothing, and
 * `freight_login` is no member of `freight_system`, so it cannot reach row-level-security bypass either.
 * A `freight_system` transaction draws from a second, small pool that connects as `freight_system_login`
 * (migration 024), so only code that asks for that role by name gets it. Only the migrations use the
 * owner's connection. PGlite is one connection as its superuser (single-owner mode).
 */
import { createHash } from 'node:crypto';
import type { ServerConfig } from '../config.ts';
import type { PGlite } from '@electric-sql/pglite';
import type { Client, Pool, PoolClient } from 'pg';
import {
  assertScopedRead,
  READ_EPOCH_SQL,
  scopedReadInline,
  scopedReadStatement,
  scopeScript,
} from './scope-sql-repository.ts';

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
  /**
   * Bypasses row-level security: sign-in lookups before a company is known, super-admin, workers, seed.
   * On a real server it runs on its own connections (`freight_system_login`), never on a request's.
   */
  | 'freight_system';

export interface TransactionOptions {
  role: DbRole;
  /** The company whose rows the transaction may see; `null` for none. */
  companyId: string | null;
  /** The acting user, recorded by audit triggers and repositories. */
  userId?: string | null;
}

/** The self-scoping read functions of migration 009 (each takes session, user and company ids). */
export type ScopedReadFunction = 'app_session_principal' | 'app_current_user';

export interface Database {
  readonly driver: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction as `options.role` with the tenant set; rolls back on throw. */
  transaction<T>(options: TransactionOptions, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls a self-scoping read function (migration 009) as one statement outside any transaction: it
   * switches to `freight_app` and sets the tenant for that statement only. The hot path's single round
   * trip. The ids must be UUIDs (anything else is refused before the database sees it).
   */
  scopedRead<Row>(fn: ScopedReadFunction, ids: readonly [string, string, string]): Promise<Row[]>;
  /** Runs SQL as the owner, outside row-level security: migrations only. */
  owner(): Queryable;
  /**
   * Runs SQL on the request path's connection with no role or tenant set (on a real server: as
   * `freight_login`, which may read nothing). Tests of the isolation itself only.
   */
  unscoped(): Queryable;
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

// ---------------------------------------------------------------------------------------------
// PGlite

/**
 * PostgreSQL settings for the embedded database: small buffers, because a desk product's data fits and
 * the WebAssembly heap is resident memory (128 MB shared_buffers by default: 288 MB RSS after opening; 8 MB: about 130 MB).
 */
export const PGLITE_SETTINGS = ['shared_buffers = 8MB', 'work_mem = 4MB', 'temp_buffers = 2MB', 'wal_buffers = 1MB'];

/** The contrib extensions the migrations create (026: pg_trgm), loaded into every PGlite instance. */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

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
  const pg: PGlite = await PGlite.create(dir, {
    postgresqlconf: PGLITE_SETTINGS,
    extensions: await pgliteExtensions(),
  });
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

function pgliteQueryable(pg: Pick<PGlite, 'query'>, beforeStatement: () => void = () => undefined): Queryable {
  return {
    async query<Row>(sql: string, params?: readonly unknown[]) {
      beforeStatement();
      const result = await pg.query<Row>(sql, params ? [...params] : undefined);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
  };
}

/**
 * The longest a scoped read's answer is reused even when nothing was written: some fields depend on the
 * date (`current_date`), which moves without a write.
 */
export const SCOPED_READ_REUSE_MS = 1000;

/**
 * Answers of `scopedRead`, each stamped with the version of the data it was read at. A caller reuses an
 * answer only when the version it reads now is the stamp (how it reads the version depends on the driver),
 * and never after `SCOPED_READ_REUSE_MS`. Answers are frozen: several callers may hold the same one.
 */
class ScopedReadAnswers<Stamp> {
  private readonly answers = new Map<string, { stamp: Stamp; at: number; rows: readonly unknown[] }>();
  /** Reads in flight, so that callers arriving meanwhile wait for one read instead of each starting one. */
  private readonly pending = new Map<string, Promise<{ stamp: Stamp; rows: readonly unknown[] } | undefined>>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * The answer for `key`: a known one (or the one being read) when `stillTrue(stamp)` says nothing has
   * changed since it was read, asked after this call began; otherwise a new `read()`, whose stamp (if any)
   * labels exactly the data it returned.
   */
  async answer(
    key: string,
    stillTrue: (stamp: Stamp) => boolean | Promise<boolean>,
    read: () => Promise<{ stamp: Stamp | undefined; rows: unknown[] }>,
  ): Promise<readonly unknown[]> {
    const known = this.candidate(key) ?? (await this.pending.get(key));
    if (known && (await stillTrue(known.stamp))) return known.rows;
    const reading = read().then(({ stamp, rows }) => {
      const frozen = deepFrozen(rows);
      if (stamp !== undefined) this.remember(key, stamp, frozen);
      return { stamp, rows: frozen };
    });
    const shared = reading.then(
      (a) => (a.stamp === undefined ? undefined : { stamp: a.stamp, rows: a.rows }),
      () => undefined,
    );
    this.pending.set(key, shared);
    void shared.then(() => {
      if (this.pending.get(key) === shared) this.pending.delete(key);
    });
    return (await reading).rows;
  }

  /** The answer for `key` and its stamp, if young enough to be considered at all. */
  private candidate(key: string): { stamp: Stamp; rows: readonly unknown[] } | undefined {
    const hit = this.answers.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at < SCOPED_READ_REUSE_MS) return hit;
    this.answers.delete(key);
    return undefined;
  }

  private remember(key: string, stamp: Stamp, rows: readonly unknown[]): void {
    if (this.answers.size >= 10_000) this.answers.clear();
    this.answers.set(key, { stamp, at: this.now(), rows });
  }

  clear(): void {
    if (this.answers.size > 0) this.answers.clear();
  }
}

const scopedReadKey = (fn: ScopedReadFunction, ids: readonly string[]) => `${fn}(${ids.join(',')})`;

/** Answers that may be handed to several callers are frozen, so that none can change another's. */
function deepFrozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFrozen(inner);
  }
  return value;
}

/**
 * PGlite is one connection inside this process: every statement, from any module, passes through the
 * `Database` below, so the data cannot change without `epoch` moving first. Every statement other than a
 * scoped read moves it (reads too: being conservative only costs a re-read), before it runs and after a
 * transaction ends, so an answer stamped with the current epoch is exactly what the database would answer
 * now: a logout, a disabled user or a role change makes the very next call read again. No database round
 * trip is needed to know that (node-postgres asks the server instead: other instances write there too).
 */
export function pgliteDatabase(pg: PGlite): Database {
  const answers = new ScopedReadAnswers<number>();
  let epoch = 0;
  const moved = () => {
    epoch++;
    answers.clear();
  };
  return {
    driver: 'pglite',
    async transaction(options, fn) {
      const script = scopeScript(options);
      moved();
      try {
        return await pg.transaction(async (tx) => {
          await tx.exec(script);
          return fn(pgliteQueryable(tx, moved));
        });
      } finally {
        moved(); // after COMMIT too: nothing read before it may be kept
      }
    },
    async scopedRead<Row>(fn: ScopedReadFunction, ids: readonly [string, string, string]) {
      assertScopedRead(fn, ids);
      const rows = await answers.answer(
        scopedReadKey(fn, ids),
        (stamp) => stamp === epoch,
        async () => {
          const readAt = epoch;
          // The simple protocol: one call into PGlite instead of the extended protocol's six. The ids are
          // validated UUIDs, so inlining them as literals is safe.
          const [result] = await pg.exec(scopedReadInline(fn, ids));
          // Stamped only if nothing ran meanwhile (the epoch would have moved).
          return { stamp: readAt === epoch ? readAt : undefined, rows: result?.rows ?? [] };
        },
      );
      return rows as Row[];
    },
    owner: () => pgliteQueryable(pg, moved),
    unscoped: () => pgliteQueryable(pg, moved),
    async ownerScript(fn) {
      moved();
      await pg.transaction(async (tx) => {
        await fn(
          async (script) => {
            moved();
            await tx.exec(script);
          },
          pgliteQueryable(tx, moved),
        );
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
  /** The owner: migrations only. */
  connectionString: string;
  /** The requests' login role; by default the owner's address as `freight_login` without a password. */
  loginConnectionString?: string | undefined;
  /**
   * The role `freight_system` transactions connect as; by default the owner's address as
   * `freight_system_login` without a password.
   */
  systemConnectionString?: string | undefined;
  /** Schema to use instead of `public` (tests give each suite its own). */
  schema?: string;
  poolSize?: number;
  /** Connections of the `freight_system` pool (sign-in lookups, workers, the app-admin console). */
  systemPoolSize?: number;
}

/** The role the requests connect as on a real server (migration 011). */
export const LOGIN_ROLE = 'freight_login';

/** The role `freight_system` transactions connect as on a real server (migration 024). */
export const SYSTEM_LOGIN_ROLE = 'freight_system_login';

/**
 * The login role's address when none is given: the owner's server and database as `freight_login`, with
 * no password (for trust, peer or certificate authentication; otherwise give `DATABASE_LOGIN_URL`).
 */
export function loginUrlFrom(ownerUrl: string, role = LOGIN_ROLE): string {
  const url = new URL(ownerUrl);
  if (!url.host) {
    const variable = role === SYSTEM_LOGIN_ROLE ? 'DATABASE_SYSTEM_LOGIN_URL' : 'DATABASE_LOGIN_URL';
    throw new Error(`${variable} is required when DATABASE_URL names no host`);
  }
  url.username = role;
  url.password = '';
  return url.toString();
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const { default: pg } = await import('pg');
  const searchPath = options.schema ? `-c search_path=${options.schema}` : undefined;
  const loginConnectionString = options.loginConnectionString ?? loginUrlFrom(options.connectionString);
  const systemConnectionString =
    options.systemConnectionString ?? loginUrlFrom(options.connectionString, SYSTEM_LOGIN_ROLE);
  const pool: Pool = new pg.Pool({
    connectionString: loginConnectionString,
    max: options.poolSize ?? 10,
    options: searchPath,
  });
  // Sign-in lookups, workers and the app-admin console: a small share of the traffic.
  const systemPool: Pool = new pg.Pool({
    connectionString: systemConnectionString,
    max: options.systemPoolSize ?? 4,
    options: searchPath,
  });
  // Migrations and little else: few connections, closed when idle.
  const ownerPool: Pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 2,
    idleTimeoutMillis: 5000,
    options: searchPath,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  systemPool.on('error', () => undefined);
  ownerPool.on('error', () => undefined);
  if (options.schema) {
    await ownerPool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`);
  }
  return postgresDatabase({ pool, systemPool, ownerPool }, { ...options, loginConnectionString }, searchPath);
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

function postgresDatabase(
  { pool, systemPool, ownerPool }: { pool: Pool; systemPool: Pool; ownerPool: Pool },
  options: PostgresOptions & { loginConnectionString: string },
  searchPath: string | undefined,
): Database {
  const answers = new ScopedReadAnswers<string>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: Promise<Client> | undefined;

  async function getListenClient(): Promise<Client> {
    listenClient ??= (async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: options.loginConnectionString, options: searchPath });
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
      // The request connections cannot become freight_system at all (migration 024): it has its own.
      const client = await (txOptions.role === 'freight_system' ? systemPool : pool).connect();
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
    async scopedRead<Row>(fn: ScopedReadFunction, ids: readonly [string, string, string]) {
      assertScopedRead(fn, ids);
      const rows = await answers.answer(
        scopedReadKey(fn, ids),
        async (stamp) => {
          // The company's read epoch in the database now (migration 009: moved by every write, from any
          // instance, that can change the answer, in the writing transaction): unchanged means still true.
          const now = await pool.query<{ epoch: string }>({
            name: statementName(READ_EPOCH_SQL),
            text: READ_EPOCH_SQL,
            values: [ids[2]],
          });
          return now.rows[0]?.epoch === stamp;
        },
        async () => {
          // A named prepared statement on the pool: autocommit, so the function's role and tenant end with it.
          const text = scopedReadStatement(fn);
          const result = await pool.query<{ epoch?: string | null }>({
            name: statementName(text),
            text,
            values: [...ids],
          });
          // The epoch comes from the same statement, so it labels exactly the data read with it.
          return { stamp: result.rows[0]?.epoch ?? undefined, rows: result.rows };
        },
      );
      return rows as Row[];
    },
    owner: () => clientQueryable(ownerPool),
    unscoped: () => clientQueryable(pool),
    async ownerScript(fn) {
      const client = await ownerPool.connect();
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
      await Promise.all([pool.end(), systemPool.end(), ownerPool.end()]);
    },
  };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Opens the database the configuration names: `DATABASE_URL` if set, else PGlite in `dataDir`. */
export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  /** The requests' login role (`DATABASE_LOGIN_URL`); derived from `databaseUrl` when unset. */
  databaseLoginUrl?: string | undefined;
  /** The `freight_system` transactions' login role (`DATABASE_SYSTEM_LOGIN_URL`); derived when unset. */
  databaseSystemLoginUrl?: string | undefined;
  dataDir: string;
  schema?: string | undefined;
}): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({
      connectionString: config.databaseUrl,
      loginConnectionString: config.databaseLoginUrl,
      systemConnectionString: config.databaseSystemLoginUrl,
      schema: config.schema,
    });
  }
  return openPglite(config.dataDir);
}

/** Opens the database a loaded server configuration names: the product and the admin CLI read it alike. */
export function openConfiguredDatabase(
  config: Pick<
    ServerConfig,
    'databaseUrl' | 'databaseLoginUrl' | 'databaseSystemLoginUrl' | 'dataDir' | 'databaseSchema'
  >,
): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    databaseLoginUrl: config.databaseLoginUrl,
    databaseSystemLoginUrl: config.databaseSystemLoginUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
}
