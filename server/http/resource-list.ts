/**
 * The one list handler of docs/api.md section 7: the validated query becomes paging numbers and a
 * whitelisted sort (`toListQuery`), one read runs where the resource lives (the caller's tenant, a chosen
 * one, or the system role), and the answer is `{ data, meta: { total, page, limit } }`. Every list of every
 * service goes through `answerList`, so paging, sort and meta cannot drift apart between resources.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { ListMeta } from '../../src/shared/api-envelope.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthContext } from './auth-context.ts';
import type { App, ServiceDeps } from './build-service-app.ts';
import { runRead } from './idempotency.ts';
import { listMeta, listResponse, toListQuery, type ListQuery, type SortOrder } from './list-query.ts';
import type { RoutePermission } from './route-permission.ts';

/** One page of a list and the number of items in all pages. */
export interface ListPage<Item> {
  items: Item[];
  total: number;
}

/** Where a call's SQL runs: the caller's tenant (or `companyId`), or the system role across tenants. */
export interface CallPlace {
  scope?: 'tenant' | 'system';
  companyId?: string;
}

/** What a route declares about its caller, checked before validation: a permission, or its own hook. */
export interface RouteGuard {
  config?: { permission: RoutePermission };
  onRequest?: (req: FastifyRequest) => Promise<void>;
}

/** The list query as validated: paging, search and sort, and whatever filters the resource adds. */
export type RawListQuery = Record<string, unknown> & {
  page: number;
  limit: number;
  search?: string | undefined;
  sort?: string | undefined;
};

/** Answers one page of a list: `read` gets the paging numbers and the sort, inside `place`'s transaction. */
export async function answerList<Item>(
  deps: ServiceDeps,
  req: FastifyRequest,
  raw: RawListQuery,
  defaultSort: SortOrder,
  place: CallPlace,
  read: (tx: Queryable, query: ListQuery, auth: AuthContext) => Promise<ListPage<Item>>,
): Promise<{ data: Item[]; meta: ListMeta }> {
  const query = toListQuery(raw, defaultSort);
  const { items, total } = await runRead(deps, req, place, (tx, auth) => read(tx, query, auth));
  return { data: items, meta: listMeta(total, query) };
}

/** A list route: the kit's resources, their tenant lists and the list-only resources all register with it. */
export interface ListRoute<Item> {
  /** The full path under the service prefix (may hold `:id` or `:parentId`, validated by `params`). */
  path: string;
  /** `POST` takes the list query as the body (`POST /contacts/paginate`); `GET` by default. */
  method?: 'GET' | 'POST';
  guard: RouteGuard;
  params?: z.ZodObject;
  query: z.ZodObject;
  item: z.ZodType<Item>;
  defaultSort: SortOrder;
  summary: string;
  tag: string;
  place: (req: FastifyRequest) => CallPlace;
  /** `filters` is the whole validated query, for the resource's own filters. */
  read: (
    tx: Queryable,
    query: ListQuery,
    filters: Record<string, unknown>,
    auth: AuthContext,
    req: FastifyRequest,
  ) => Promise<ListPage<Item>>;
}

export function registerListRoute<Item>(app: App, deps: ServiceDeps, route: ListRoute<Item>): void {
  const post = route.method === 'POST';
  const options: RouteOptions = {
    method: route.method ?? 'GET',
    url: route.path,
    ...route.guard,
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.params ? { params: route.params } : {}),
      ...(post ? { body: route.query } : { querystring: route.query }),
      response: { 200: listResponse(route.item) },
    },
    handler: async (req: FastifyRequest, _reply: FastifyReply) => {
      const raw = (post ? req.body : req.query) as RawListQuery;
      return answerList(deps, req, raw, route.defaultSort, route.place(req), (tx, query, auth) =>
        route.read(tx, query, raw, auth, req),
      );
    },
  };
  app.route(options);
}
