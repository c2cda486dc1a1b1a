/**
 * The SQL the database layer sends on its own behalf, kept out of the drivers (./database.ts) like every
 * other statement: opening a scoped transaction, calling a self-scoping read function of migration 009,
 * and reading a company's read epoch. Ids inlined into a statement are checked to be UUIDs first.
 */
import type { ScopedReadFunction, TransactionOptions } from './database.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SCOPED_READ_FUNCTIONS: ReadonlySet<string> = new Set<ScopedReadFunction>([
  'app_session_principal',
  'app_current_user',
]);

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

/** Refuses anything but a known read function and three UUIDs, before any SQL is built. */
export function assertScopedRead(fn: string, ids: readonly string[]): void {
  if (!SCOPED_READ_FUNCTIONS.has(fn)) throw new Error(`not a scoped read function: ${fn}`);
  for (const id of ids) if (!UUID.test(id)) throw new Error('scoped read ids must be UUIDs');
}

/** The call with its ids inlined, for PGlite's simple protocol (one call into PGlite instead of six). */
export function scopedReadInline(fn: ScopedReadFunction, ids: readonly [string, string, string]): string {
  assertScopedRead(fn, ids);
  return `SELECT * FROM ${fn}('${ids[0]}', '${ids[1]}', '${ids[2]}')`;
}

/** The call with parameters `$1..$3`, for a named prepared statement on node-postgres. */
export function scopedReadStatement(fn: ScopedReadFunction): string {
  if (!SCOPED_READ_FUNCTIONS.has(fn)) throw new Error(`not a scoped read function: ${fn}`);
  return `SELECT * FROM ${fn}($1, $2, $3)`;
}

/** One counter by primary key, read as the login role itself (the table holds no tenant data). */
export const READ_EPOCH_SQL = 'SELECT epoch FROM company_read_epochs WHERE company_id = $1';
