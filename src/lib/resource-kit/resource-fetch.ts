/**
 * The kit's one door to the services: `apiFetch` underneath, the `{ data }` envelope unwrapped and the
 * answer parsed with the resource's zod schema (CONTRACT.md section 10). When src/lib/api offers its own
 * typed call, this file is the only place to swap.
 */
import { z } from 'zod';
import type { ListMeta } from '../../shared/api-envelope';
import type { ServiceName } from '../../shared/services';
import { apiFetch } from '../api/api-client';

const listMetaSchema = z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** Calls the service and returns its `data`, parsed with `schema`. */
export async function fetchData<S extends z.ZodType>(
  service: ServiceName,
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<z.output<S>> {
  const body = await apiFetch<unknown>(service, path, init);
  const envelope = z.object({ data: z.unknown() }).parse(body);
  return schema.parse(envelope.data);
}

export interface ListPage<T> {
  items: T[];
  meta: ListMeta;
}

/** A `GET` list (CONTRACT.md section 7): `{ data: item[], meta }`, each item parsed with `item`. */
export async function fetchList<S extends z.ZodType>(
  service: ServiceName,
  path: string,
  item: S,
  init: RequestInit = {},
): Promise<ListPage<z.output<S>>> {
  const body = await apiFetch<unknown>(service, path, init);
  const { data, meta } = z.object({ data: z.array(z.unknown()), meta: listMetaSchema }).parse(body);
  return { items: data.map((row) => item.parse(row)), meta };
}
