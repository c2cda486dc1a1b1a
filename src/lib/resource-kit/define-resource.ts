/**
 * A resource declared once (react-admin and refine's idea): its service, path, item schema and sort
 * whitelist give the list and item queries and the writes every screen of it uses. A new resource is a
 * contract in src/shared/contracts and one `defineResource` call in its feature's api folder. Its create
 * and update bodies are the contract's own schemas, so a write the server would refuse for its shape does
 * not compile.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { deletedItemSchema, type DeletedItem } from '../../shared/contracts/resource-contract';
import type { ServiceName } from '../../shared/services';
import { sendWrite } from '../outbox/write';
import { listQueryString, type ListState } from './list-url-state';
import { apiCall, apiList } from '../api/api-client';
import type { ListPage } from './list-page';

/** A write's body schema: a JSON object, as the outbox stores it. */
type JsonBodySchema = z.ZodType<unknown, Record<string, unknown>>;

export interface ResourceConfig<
  S extends z.ZodType,
  Field extends string,
  C extends JsonBodySchema = z.ZodNever,
  U extends JsonBodySchema = z.ZodNever,
> {
  /** Query-key root and the word screens use for one record ("user"). */
  name: string;
  service: ServiceName;
  /** Collection path under the service's base, e.g. `/users`. */
  path: string;
  /** The item schema the server answers with (src/shared/contracts). */
  item: S;
  /** Fields the server's list accepts in `sort`. */
  sortable: readonly Field[];
  /** The contract's `POST` body schema: `create` takes its input type. Without it the resource has no create. */
  create?: C;
  /** The contract's `PATCH` body schema: `update` takes its input type. Without it the resource has no update. */
  update?: U;
  /**
   * What the outbox calls a queued write of a record whose body has no name, title, code or number (a
   * shipment: its mode and route); `id` is the record's, empty for a create.
   */
  labelOf?: (body: Record<string, unknown>, id: string) => string;
}

export function defineResource<
  S extends z.ZodType,
  const Field extends string,
  C extends JsonBodySchema = z.ZodNever,
  U extends JsonBodySchema = z.ZodNever,
>(config: ResourceConfig<S, Field, C, U>) {
  type Item = z.output<S>;
  const itemPath = (id: string) => `${config.path}/${encodeURIComponent(id)}`;
  const keys = {
    all: [config.name] as const,
    lists: [config.name, 'list'] as const,
    list: (state: ListState) => [config.name, 'list', state] as const,
    item: (id: string) => [config.name, 'item', id] as const,
  };
  const label = (body: unknown, id: string) =>
    labelOf(body, '') || (config.labelOf && isRecord(body) ? config.labelOf(body, id) : '') || id;
  const fetchPage = (state: ListState, signal?: AbortSignal): Promise<ListPage<Item>> =>
    apiList(config.service, `${config.path}?${listQueryString(state)}`, config.item, signal ? { signal } : {});
  return {
    ...config,
    keys,
    /** One page of the list for a list state (page, limit, search, sort). */
    fetchPage,
    /** One page of the list for the URL's state; the previous page stays shown while the next loads. */
    listQueryOptions: (state: ListState) =>
      queryOptions({
        queryKey: keys.list(state),
        queryFn: ({ signal }) => fetchPage(state, signal),
        placeholderData: keepPreviousData,
      }),
    itemQueryOptions: (id: string) =>
      queryOptions({
        queryKey: keys.item(id),
        queryFn: ({ signal }) => apiCall(config.service, itemPath(id), config.item, { signal }),
      }),
    /**
     * `POST` with an `Idempotency-Key` made now unless the caller keeps one across retries. Like every write
     * of the kit it goes through the outbox when there is no connection (rejects with `QueuedWrite` then).
     * A body with a client-made `_id` (shipments) is the record's first write under that id: later edits
     * name the same record, so the outbox keeps them behind it and sends them in order.
     */
    create: (body: z.input<C>, idempotencyKey?: string): Promise<Item> =>
      sendWrite(
        {
          service: config.service,
          path: config.path,
          method: 'POST',
          body,
          resource: config.name,
          recordId: clientIdOf(body),
          label: label(body, ''),
          ...(idempotencyKey ? { idempotencyKey } : {}),
        },
        config.item,
      ),
    /** `PATCH` with the body's `version` (409 VERSION_CONFLICT when someone saved in between). */
    update: (id: string, body: z.input<U>): Promise<Item> =>
      sendWrite(
        {
          service: config.service,
          path: itemPath(id),
          method: 'PATCH',
          body,
          resource: config.name,
          recordId: id,
          label: label(body, id),
        },
        config.item,
      ),
    /** `DELETE`; the server refuses (409 RESOURCE_IN_USE) what records still hold. */
    remove: (id: string, label = id): Promise<DeletedItem> =>
      sendWrite(
        { service: config.service, path: itemPath(id), method: 'DELETE', resource: config.name, recordId: id, label },
        deletedItemSchema,
      ),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The id a client made for a new record (`_id` in the create body), else null: the server makes it. */
function clientIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const id = (body as Partial<Record<string, unknown>>)._id;
  return typeof id === 'string' && id ? id : null;
}

/** What the outbox screen calls a queued write of a record: its name, title or code, else its id. */
function labelOf(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null) return fallback;
  for (const field of ['name', 'title', 'code', 'number', 'email']) {
    const value = (body as Partial<Record<string, unknown>>)[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return fallback;
}

export type Resource<
  S extends z.ZodType = z.ZodType,
  Field extends string = string,
  C extends JsonBodySchema = z.ZodNever,
  U extends JsonBodySchema = z.ZodNever,
> = ReturnType<typeof defineResource<S, Field, C, U>>;
