/**
 * SQL fragments that resource repositories share: whitelisted `ORDER BY` and `SET` lists. Column names
 * only ever come from the repository's own constant maps, never from the request.
 */
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
