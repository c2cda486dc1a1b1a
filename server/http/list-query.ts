/**
 * The list convention of docs/api.md section 7: `GET /{resource}?page&limit&search&sort` answers
 * `{ data, meta: { total, page, limit } }`. `limit` defaults to 20 and is at most 100; `sort` names one
 * field of the resource's whitelist, `-field` for descending.
 */
import type { ListMeta } from '../../src/shared/api-envelope.ts';

export { DEFAULT_LIMIT, MAX_LIMIT, idParams, listQuerySchema } from '../../src/shared/contracts/resource-contract.ts';
export {
  itemAnswer as itemResponse,
  listAnswer as listResponse,
} from '../../src/shared/contracts/resource-contract.ts';

export interface SortOrder<Field extends string = string> {
  field: Field;
  descending: boolean;
}

export interface ListQuery<Field extends string = string> {
  page: number;
  limit: number;
  offset: number;
  search: string | undefined;
  sort: SortOrder<Field>;
}

/** Turns the validated query into paging numbers and a whitelisted sort order. */
export function toListQuery<Field extends string>(
  query: { page: number; limit: number; search?: string | undefined; sort?: string | undefined },
  defaultSort: SortOrder<Field>,
): ListQuery<Field> {
  const sort: SortOrder<Field> = query.sort
    ? query.sort.startsWith('-')
      ? { field: query.sort.slice(1) as Field, descending: true }
      : { field: query.sort as Field, descending: false }
    : defaultSort;
  const search = query.search ? query.search : undefined;
  return { page: query.page, limit: query.limit, offset: (query.page - 1) * query.limit, search, sort };
}

export function listMeta(total: number, query: Pick<ListQuery, 'page' | 'limit'>): ListMeta {
  return { total, page: query.page, limit: query.limit };
}

/** A `LIKE` pattern that matches `search` literally anywhere in a value. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
