/**
 * The pieces every resource contract of docs/api.md section 7 is made of: the list query
 * (`?page&limit&search&sort`), the `{ data }` and `{ data, meta }` answers, the `version` an update names
 * and the answer of a delete. Shared by the services (validation, OpenAPI) and the app (parsing answers).
 */
import { z } from 'zod';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** Query-string fields every list accepts; merge a resource's own filters into it with `.extend`. */
export function listQuerySchema<const Field extends string>(sortable: readonly [Field, ...Field[]]) {
  const sortValues = [...sortable, ...sortable.map((f) => `-${f}` as const)] as [
    Field | `-${Field}`,
    ...(Field | `-${Field}`)[],
  ];
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortValues).optional(),
  });
}

export const listMetaSchema = z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** The answer of a list of `item`; `meta` is `{ total, page, limit }` unless a wider schema is given. */
export function listAnswer<T extends z.ZodType, M extends z.ZodType = typeof listMetaSchema>(item: T, meta?: M) {
  return z.object({ data: z.array(item), meta: (meta ?? listMetaSchema) as M });
}

/** The answer of one `item`. */
export function itemAnswer<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

/** `/{resource}/{id}`: ids are UUIDs; anything else is a 400, never a database error. */
export const idParams = z.strictObject({ id: z.uuid() });

/** The version an update was made from (or send `If-Match`). */
export const versionInput = z.number().int().min(1);

/** What `DELETE /{resource}/{id}` answers. */
export const deletedItemSchema = z.object({ _id: z.string(), deleted: z.literal(true) });
export type DeletedItem = z.infer<typeof deletedItemSchema>;
