/**
 * SQL fragments that resource repositories share: whitelisted `ORDER BY` and `SET` lists. Column names
 * only ever come from the repository's own constant maps, never from the request.
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
