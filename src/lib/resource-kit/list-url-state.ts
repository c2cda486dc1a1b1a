/**
 * A list screen's paging, search and sort live in the URL query (`?page=2&search=ada&sort=-name`), so
 * that a reload, a shared link or the back button shows the same rows. Pure: the hook around it is
 * use-list-url-state.ts. Values a server would refuse (a page of 0, an unknown sort field) fall back to
 * the defaults instead of turning into an error screen.
 */

/** Page sizes offered; the server allows at most 100 (docs/api.md section 7). */
export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The server refuses longer searches. */
export const MAX_SEARCH_LENGTH = 200;

export interface ListState {
  page: number;
  limit: number;
  search: string;
  /** `field` or `-field` (descending), one of the resource's sortable fields; undefined: the server's order. */
  sort: string | undefined;
}

export interface SortOrder {
  field: string;
  descending: boolean;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Reads the list state from the URL query; `sortable` is the resource's whitelist of sort fields. */
export function readListState(params: URLSearchParams, sortable: readonly string[]): ListState {
  const limit = positiveInt(params.get('limit'));
  const sort = params.get('sort') ?? undefined;
  const sortField = sort?.startsWith('-') ? sort.slice(1) : sort;
  return {
    page: positiveInt(params.get('page')) ?? 1,
    limit: limit !== undefined && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    sort: sortField !== undefined && sortable.includes(sortField) ? sort : undefined,
  };
}

/**
 * The URL query after a change. A new search, sort or page size starts again at page 1 (page 7 of the
 * old result means nothing in the new one). Defaults are left out, so the plain list has a plain URL;
 * parameters that are not the list's own are kept.
 */
export function writeListState(
  params: URLSearchParams,
  current: ListState,
  patch: Partial<ListState>,
): URLSearchParams {
  const next: ListState = { ...current, ...patch };
  const restart =
    (patch.search !== undefined && patch.search !== current.search) ||
    ('sort' in patch && patch.sort !== current.sort) ||
    (patch.limit !== undefined && patch.limit !== current.limit);
  if (restart && patch.page === undefined) next.page = 1;
  const result = new URLSearchParams(params);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') result.delete(name);
    else result.set(name, value);
  };
  set('page', next.page > 1 ? String(next.page) : undefined);
  set('limit', next.limit !== DEFAULT_PAGE_SIZE ? String(next.limit) : undefined);
  set('search', next.search.trim() || undefined);
  set('sort', next.sort);
  return result;
}

/** The query string of the list call (`page`, `limit`, and `search`/`sort` when set). */
export function listQueryString(state: ListState): string {
  const query = new URLSearchParams({ page: String(state.page), limit: String(state.limit) });
  if (state.search) query.set('search', state.search);
  if (state.sort) query.set('sort', state.sort);
  return query.toString();
}

export function parseSort(sort: string | undefined): SortOrder | undefined {
  if (!sort) return undefined;
  return sort.startsWith('-') ? { field: sort.slice(1), descending: true } : { field: sort, descending: false };
}

/** A click on a column header: ascending, then descending, then back to the server's order. */
export function nextSort(current: string | undefined, field: string): string | undefined {
  const order = parseSort(current);
  if (order?.field !== field) return field;
  return order.descending ? undefined : `-${field}`;
}

/** The last page there is for `total` rows (at least 1, so an empty list is "page 1 of 1"). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
