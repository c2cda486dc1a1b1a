/**
 * SQL that resource repositories share: whitelisted `ORDER BY` and `SET` lists, a list page with its total,
 * one row by id (locked or not), the versioned update and the delete. A repository then is mostly its column
 * map. Table, column and alias names only ever come from the repository's own constants, never from the
 * request; the request's values always travel as parameters.
 */
import type { Queryable } from '../db/database.ts';
import type { SortOrder } from './list-query.ts';

/** `ORDER BY <column> ASC|DESC, <tiebreak>` from a sort field and the repository's column map. */
export function orderByClause<Field extends string>(
  sort: SortOrder<Field>,
  columns: Record<Field, string>,
  tiebreak: string,
): string {
  const column = columns[sort.field];
  if (!column) throw new Error(`sort field ${sort.field} is not whitelisted`);
  return `ORDER BY ${column} ${sort.descending ? 'DESC' : 'ASC'}, ${tiebreak}`;
}

/**
 * `col1 = $n, col2 = $n+1, …` for the fields of `patch` that the column map names, with their values;
 * fields not in the map are ignored. Parameters start after `firstParam - 1` existing ones.
 */
export function setClause<Field extends string>(
  patch: Partial<Record<Field, unknown>>,
  columns: Record<Field, string>,
  firstParam: number,
): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  for (const field of Object.keys(columns) as Field[]) {
    if (!(field in patch) || patch[field] === undefined) continue;
    values.push(patch[field]);
    parts.push(`${columns[field]} = $${firstParam + values.length - 1}`);
  }
  return { sql: parts.join(', '), values };
}

/** Timestamps answer as ISO strings whatever the driver returns (PGlite and node-postgres differ). */
export function isoTimestamp(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/**
 * Every versioned resource's update: the patch's mapped columns, `version + 1` and `updated_at`, for one id.
 * `table` is the repository's own constant, never the request's.
 */
export async function updateVersioned<Field extends string>(
  tx: Queryable,
  table: string,
  id: string,
  patch: Partial<Record<Field, unknown>>,
  columns: Record<Field, string>,
): Promise<void> {
  const set = setClause(patch, columns, 2);
  await tx.query(
    `UPDATE ${table} SET ${set.sql ? `${set.sql}, ` : ''}version = version + 1, updated_at = now() WHERE id = $1`,
    [id, ...set.values],
  );
}

/** Deletes one row by id; answers whether there was one (row-level security hides other companies' rows). */
export async function deleteById(tx: Queryable, table: string, id: string): Promise<boolean> {
  const { affectedRows } = await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
  return affectedRows > 0;
}

/** A list page's SQL: the repository's constant text around the request's parameter values. */
export interface PageSql {
  /** `SELECT <columns> FROM <table> [alias] [JOIN …]`: the repository's constant. */
  select: string;
  /** `<table> [alias]` that the count reads: the joins `where` needs and no more, so counting stays cheap. */
  countFrom: string;
  /** `WHERE …` over `$1…$n` (or ''): the repository's constant text, the same for the count and the page. */
  where: string;
  /** The values of `$1…$n`. */
  params: readonly unknown[];
  /** `ORDER BY …`: from {@link orderByClause} or the repository's constant. */
  orderBy: string;
}

/**
 * One page of a list and the number of rows its filter matches, the pair every list answer carries. The
 * count and the page share one WHERE so that the total always describes the items; `LIMIT`/`OFFSET` take
 * the two parameters after the filter's.
 */
export async function selectPage<Row, Item>(
  tx: Queryable,
  sql: PageSql,
  page: { limit: number; offset: number },
  toItem: (row: Row) => Item,
): Promise<{ items: Item[]; total: number }> {
  const count = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${sql.countFrom} ${sql.where}`,
    sql.params,
  );
  const next = sql.params.length + 1;
  const { rows } = await tx.query<Row>(`${sql.select} ${sql.where} ${sql.orderBy} LIMIT $${next} OFFSET $${next + 1}`, [
    ...sql.params,
    page.limit,
    page.offset,
  ]);
  return { items: rows.map(toItem), total: count.rows[0]?.n ?? 0 };
}

/**
 * The row with this id, or undefined (row-level security hides other companies' rows). With `lock` it stays
 * locked until the transaction ends, so that a read-check-write (version check, then update) cannot
 * interleave with another writer. `alias` is the table's alias when `select` joins others: the id is then
 * `alias.id` and only that table's row is locked (`FOR UPDATE OF alias`).
 */
export async function findById<Row, Item>(
  tx: Queryable,
  select: string,
  id: string,
  toItem: (row: Row) => Item,
  options: { lock?: boolean | undefined; alias?: string } = {},
): Promise<Item | undefined> {
  const idColumn = options.alias ? `${options.alias}.id` : 'id';
  const lock = options.lock ? ` FOR UPDATE${options.alias ? ` OF ${options.alias}` : ''}` : '';
  const { rows } = await tx.query<Row>(`${select} WHERE ${idColumn} = $1${lock}`, [id]);
  return rows[0] === undefined ? undefined : toItem(rows[0]);
}
