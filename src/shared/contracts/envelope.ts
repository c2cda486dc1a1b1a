/**
 * The envelope every answer travels in (CONTRACT.md sections 4 and 7), as zod schemas: `{ data }` for one
 * item, `{ data: [...], meta }` for a list, and the list query every list accepts. The services answer
 * with these shapes and the app's API client unwraps them, in one place (src/lib/api/api-client.ts).
 */
import { z } from 'zod';

/** A list's page size when the caller names none. */
export const DEFAULT_LIMIT = 20;
/** The largest page size a list serves. */
export const MAX_LIMIT = 100;

export const listMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** The answer of one item: `{ data: item }`. */
export function dataEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

/** The answer of a list: `{ data: [item, …], meta }`; `meta` is `{ total, page, limit }` unless extended. */
export function listEnvelope<T extends z.ZodType, M extends z.ZodType = typeof listMetaSchema>(item: T, meta?: M) {
  return z.object({ data: z.array(item), meta: (meta ?? listMetaSchema) as M });
}

/**
 * The query string every list accepts (`page`, `limit`, `search`, `sort`); `sort` names one field of the
 * resource's whitelist, `-field` for descending. Merge a resource's own filters in with `.extend`.
 */
export function listQuerySchema<const Field extends string>(sortable: readonly [Field, ...Field[]]) {
  const sortValues = [...sortable, ...sortable.map((f) => `-${f}` as const)] as [string, ...string[]];
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortValues).optional(),
  });
}
