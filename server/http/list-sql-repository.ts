/**
 * SQL that resource repositories share: whitelisted `ORDER BY` and `SET` lists, a list page with its total,
 * one row by id (locked or not), the versioned update and the delete. A repository then is mostly its column
 * map. Table, column and alias names only ever come from the repository's own constants, never from the
 * request; the request's values always travel as parameters.
 */
import type { Queryable } from '../db/database.ts';
import { containsPattern, type ListQuery, type SortOrder } from './list-query.ts';

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

/** A nullable timestamp column: null stays null, anything else answers as {@link isoTimestamp}. */
export function isoTimestampOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : isoTimestamp(value);
}

/** A `json`/`jsonb` column: node-postgres parses it, PGlite may answer its text. */
export function jsonValue(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * A `text[]`/`uuid[]` column as strings: both drivers answer an array, but a `{…}` literal is tolerated all
 * the same; null answers as the empty list.
 */
export function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
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

/**
 * How one item field comes from its row: the column it is stored in, the SQL that selects it when that is not
 * the bare column (`trim_scale(rate)::text`), and the converter from what the driver answers (a timestamp, a
 * JSON text, an array literal) to the contract's value. A bare column name is read as the driver answers it.
 */
export interface ColumnSpec<Value> {
  column: string;
  sql?: string;
  read?: (value: unknown) => Value;
}

/** Every field of the contract's item, each with its column: the one table a repository restates nothing of. */
export type ColumnMap<Item> = { [Field in keyof Item]-?: string | ColumnSpec<Item[Field]> };

/** How a list may sort by a field: its column as stored, its column case-folded, or the repository's own SQL. */
export type SortSpec = 'exact' | 'lower' | { sql: string };

/** The SQL and the row mapper that a {@link ColumnMap} over one table gives. */
export interface ColumnTable<Item> {
  /** The table's name: the repository's constant. */
  table: string;
  /** `SELECT <every mapped column> FROM <table> [alias] [joins]`. */
  select: string;
  /** A row of {@link ColumnTable.select} as the contract's item. */
  toItem: (row: Record<string, unknown>) => Item;
  /** `field → column` for the fields a patch may set, for {@link updateVersioned}. */
  columns: <Field extends keyof Item & string>(fields: readonly Field[]) => Record<Field, string>;
  /** `field → ORDER BY expression` for the list's sort fields, for {@link orderByClause}. */
  sortColumns: <Field extends string>(sorts: {
    [Sort in Field]: Sort extends keyof Item ? SortSpec : { sql: string };
  }) => Record<Field, string>;
  /** One page of the table and its total, under the repository's WHERE and ORDER BY. */
  page: (
    tx: Queryable,
    sql: Omit<PageSql, 'select' | 'countFrom'>,
    page: { limit: number; offset: number },
  ) => Promise<{ items: Item[]; total: number }>;
  /**
   * One page of a list request, in the order of the query's sort field (its expression in `sortColumns`) and
   * then the id: `where` reads the search's contains-pattern as `$1` (null without a search) and `filters`'
   * values as `$2…`.
   */
  list: <Field extends string>(
    tx: Queryable,
    query: ListQuery<Field>,
    sql: { where: string; filters?: readonly unknown[]; sortColumns: Record<Field, string> },
  ) => Promise<{ items: Item[]; total: number }>;
  /** The item with this id, or undefined; see {@link findById}. */
  find: (tx: Queryable, id: string, options?: { lock?: boolean | undefined }) => Promise<Item | undefined>;
  /** Deletes the item with this id; see {@link deleteById}. */
  remove: (tx: Queryable, id: string) => Promise<boolean>;
}

/** Where a {@link columnTable} reads from when its items take fields from other tables too. */
export interface ColumnTableOptions {
  /**
   * The table's alias (`u` for `users u`): bare columns are then read, sorted and counted as `u.column`,
   * and a locked find locks only this table's row.
   */
  alias?: string;
  /** `JOIN …` clauses after the table, for the fields whose `sql` reads the joined tables; the count skips them. */
  joins?: string;
}

function specOf<Value>(spec: string | ColumnSpec<Value>): ColumnSpec<Value> {
  return typeof spec === 'string' ? { column: spec } : spec;
}

/**
 * Derives a repository's SELECT list, row mapper, patch columns and sort columns from one column map, so
 * that a column is named once. `table`, the map and the options are the repository's constants, never the
 * request's.
 */
export function columnTable<Item>(
  table: string,
  map: ColumnMap<Item>,
  options: ColumnTableOptions = {},
): ColumnTable<Item> {
  const fields = Object.keys(map) as Array<keyof Item & string>;
  const specs = new Map(fields.map((field) => [field, specOf<unknown>(map[field])]));
  const spec = (field: keyof Item & string): ColumnSpec<unknown> => specs.get(field)!;
  const { alias, joins } = options;
  const qualified = (column: string) => (alias ? `${alias}.${column}` : column);
  const from = alias ? `${table} ${alias}` : table;
  const select = `SELECT ${fields
    .map((field) => {
      const { column, sql } = spec(field);
      return sql ? `${sql} AS ${column}` : qualified(column);
    })
    .join(', ')} FROM ${from}${joins ? ` ${joins}` : ''}`;
  const toItem = (row: Record<string, unknown>): Item => {
    const item: Record<string, unknown> = {};
    for (const field of fields) {
      const { column, read } = spec(field);
      item[field] = read ? read(row[column]) : row[column];
    }
    return item as Item;
  };
  return {
    table,
    select,
    toItem,
    columns: (patchable) =>
      Object.fromEntries(patchable.map((field) => [field, spec(field).column])) as Record<
        (typeof patchable)[number],
        string
      >,
    sortColumns: <Field extends string>(sorts: Record<Field, SortSpec>) => {
      const entries = (Object.keys(sorts) as Field[]).map((field) => {
        const sort = sorts[field];
        if (typeof sort === 'object') return [field, sort.sql];
        const column = qualified(spec(field as unknown as keyof Item & string).column);
        return [field, sort === 'lower' ? `lower(${column})` : column];
      });
      return Object.fromEntries(entries) as Record<Field, string>;
    },
    page: (tx, sql, page) => selectPage(tx, { ...sql, select, countFrom: from }, page, toItem),
    list: (tx, query, { where, filters = [], sortColumns }) =>
      selectPage(
        tx,
        {
          select,
          countFrom: from,
          where,
          params: [query.search ? containsPattern(query.search) : null, ...filters],
          orderBy: orderByClause(query.sort, sortColumns, qualified('id')),
        },
        query,
        toItem,
      ),
    find: (tx, id, find = {}) => findById(tx, select, id, toItem, alias ? { ...find, alias } : find),
    remove: (tx, id) => deleteById(tx, table, id),
  };
}

/** The columns every versioned resource has, to spread into its {@link ColumnMap}. */
export const VERSIONED_COLUMNS: ColumnMap<{ _id: string; version: number; createdAt: string; updatedAt: string }> = {
  _id: 'id',
  version: 'version',
  createdAt: { column: 'created_at', read: isoTimestamp },
  updatedAt: { column: 'updated_at', read: isoTimestamp },
};

/** How one field of a child row is stored: its column and the column's SQL type (for reading JSON back). */
export interface ChildColumn {
  column: string;
  /** `text`, `integer`, `double precision`, `text[]`, …: the repository's constant. */
  type: string;
}

/**
 * A collection of child rows that belongs to one parent row and travels with it (a shipment's containers):
 * read as an array in the parent's item, replaced whole with each write of the parent. The child table has
 * `company_id`, the parent's id in `parentColumn` and `position` (the order the caller gave), and one
 * column per field.
 */
export interface ChildCollection<Row> {
  table: string;
  parentColumn: string;
  fields: { [Field in keyof Row]-?: ChildColumn };
}

/**
 * The SQL expression of a parent's child rows as one JSON array in their order (`[]` when there are none),
 * to select next to the parent's columns: `parentAlias` is the parent table's alias in the SELECT.
 */
export function childCollectionSql<Row>(collection: ChildCollection<Row>, parentAlias: string): string {
  const pairs = (Object.keys(collection.fields) as Array<keyof Row & string>)
    .map((field) => `'${field}', k.${collection.fields[field].column}`)
    .join(', ');
  return `COALESCE((SELECT json_agg(json_build_object(${pairs}) ORDER BY k.position) FROM ${collection.table} k
     WHERE k.company_id = ${parentAlias}.company_id AND k.${collection.parentColumn} = ${parentAlias}.id), '[]'::json)`;
}

/** A JSON array as the driver answers it (parsed, or text) → the rows. */
export function childRows<Row>(value: unknown): Row[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as Row[]) : [];
}

/**
 * Replaces a parent's child rows with `rows`, in their order: one DELETE and one INSERT, whatever the
 * number of rows (they travel as one JSON parameter). Runs in the parent's write transaction, so a refused
 * write leaves the old rows.
 */
export async function replaceChildRows<Row>(
  tx: Queryable,
  collection: ChildCollection<Row>,
  parent: { companyId: string; id: string },
  rows: readonly Row[],
  options: { newParent?: boolean } = {},
): Promise<void> {
  const { table, parentColumn } = collection;
  // A parent inserted in this transaction has no rows yet: its create saves the DELETE's round trip.
  if (!options.newParent)
    await tx.query(`DELETE FROM ${table} WHERE company_id = $1 AND ${parentColumn} = $2`, [
      parent.companyId,
      parent.id,
    ]);
  if (rows.length === 0) return;
  const fields = Object.keys(collection.fields) as Array<keyof Row & string>;
  const columns = fields.map((field) => collection.fields[field].column);
  const definitions = fields.map((field) => `${collection.fields[field].column} ${collection.fields[field].type}`);
  const records = rows.map((row, index) => {
    const record: Record<string, unknown> = { position: index };
    for (const field of fields) record[collection.fields[field].column] = row[field] ?? null;
    return record;
  });
  await tx.query(
    `INSERT INTO ${table} (company_id, ${parentColumn}, position, ${columns.join(', ')})
     SELECT $1, $2, r.position, ${columns.map((c) => `r.${c}`).join(', ')}
       FROM json_to_recordset($3::json) AS r(position integer, ${definitions.join(', ')})`,
    [parent.companyId, parent.id, JSON.stringify(records)],
  );
}
