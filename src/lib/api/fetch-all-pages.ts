/**
 * Every item of a list the app needs whole (a company's tags, business types, roles, templates,
 * picklists): the services answer at most `MAX_LIMIT` items a call, so asking once with `?limit=100` cut
 * the 101st off without a word. This reads page after page until `meta.total` items came, and refuses a
 * list longer than the cap with `LIST_TOO_LONG` rather than showing it cut short.
 */
import type { z } from 'zod';
import { ERROR_CODES } from '../../shared/api-envelope';
import { MAX_LIMIT } from '../../shared/contracts/resource-contract';
import type { ServiceName } from '../../shared/services';
import { apiList } from './api-client';
import { ApiError } from './api-error';

/** The most items a whole list may have: beyond it a screen would drown (and so would the device's memory). */
export const WHOLE_LIST_MAX_ITEMS = 5_000;

export interface FetchAllPagesOptions {
  signal?: AbortSignal;
  /** Items a call (at most the services' `MAX_LIMIT`). */
  pageSize?: number;
  /** A longer list is refused with `LIST_TOO_LONG`. */
  maxItems?: number;
}

function tooLong(service: ServiceName, path: string, total: number, maxItems: number): ApiError {
  return new ApiError(
    200,
    ERROR_CODES.LIST_TOO_LONG,
    `This list has ${total} entries, more than the ${maxItems} the app can show at once.`,
    [{ path: 'meta.total', message: `${service} ${path.split('?')[0] ?? ''}: ${total} > ${maxItems}` }],
  );
}

const idOf = (item: unknown): unknown =>
  typeof item === 'object' && item !== null && '_id' in item ? (item as { _id: unknown })._id : undefined;

/**
 * Every item of the list at `path` (which may carry filters and a sort, not `page` or `limit`), in the
 * list's order, each parsed with `item`. Pages are read one after the other: a record added or removed
 * meanwhile shifts the next page by one, so an item seen twice (same `_id`) is kept once, and an empty page
 * ends the read. Throws like `apiList`, and `LIST_TOO_LONG` when the list is longer than `maxItems`.
 */
export async function fetchAllPages<Item extends z.ZodType>(
  service: ServiceName,
  path: string,
  item: Item,
  options: FetchAllPagesOptions = {},
): Promise<z.output<Item>[]> {
  const pageSize = Math.min(options.pageSize ?? MAX_LIMIT, MAX_LIMIT);
  const maxItems = options.maxItems ?? WHOLE_LIST_MAX_ITEMS;
  const init = options.signal ? { signal: options.signal } : {};
  const separator = path.includes('?') ? '&' : '?';
  const items: z.output<Item>[] = [];
  const seen = new Set<unknown>();
  for (let page = 1; ; page += 1) {
    const answer = await apiList(service, `${path}${separator}page=${page}&limit=${pageSize}`, item, init);
    const total = answer.meta.total;
    if (total > maxItems) throw tooLong(service, path, total, maxItems);
    let added = 0;
    for (const entry of answer.items) {
      const id = idOf(entry);
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      items.push(entry);
      added += 1;
    }
    if (items.length > maxItems) throw tooLong(service, path, items.length, maxItems);
    // Done when every item came, or when a page brought nothing new (the list shrank while it was read).
    if (items.length >= total || added === 0 || answer.items.length < pageSize) return items;
  }
}
