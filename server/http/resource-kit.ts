/**
 * The server resource kit: one way to serve a company-owned resource of docs/api.md section 7.
 *
 * A resource is its contract (zod schemas in `src/shared/contracts/`), its repository (the SQL) and a
 * definition passed to `registerResource`. The kit gives every resource the same routes and rules:
 *
 * - `GET {path}` lists (`page`, `limit`, `search`, `sort`, `meta`), `GET {path}/:id` reads (with `ETag`),
 *   `POST {path}` creates (201), `PUT|PATCH {path}/:id` updates, `DELETE {path}/:id` deletes; any subset;
 * - the permission `{ module: definition.permission, action }` is declared on each route and checked
 *   right after authentication, before validation (403 whatever the body);
 * - updates name the version they were made from (`version` or `If-Match`); a stale one is
 *   `409 VERSION_CONFLICT` with `conflict: { version, updatedAt, updatedBy }`;
 * - writes honour `Idempotency-Key`, run in one transaction under row-level security, and are audited
 *   as `<entity>.create|update|delete` with a before/after diff;
 * - the OpenAPI document comes from the same schemas.
 *
 * Per-resource rules go in `hooks` (they run inside the write's transaction, so throwing refuses the
 * write and nothing is stored).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PermissionModule } from '../../src/shared/permissions.ts';
import { deletedItemSchema, type DeletedItem } from '../../src/shared/contracts/resource-contract.ts';
import { lastChangeBy } from '../audit/audit-repository.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from './api-error.ts';
import { auditChange } from './audit-change.ts';
import type { AuthContext } from './auth-context.ts';
import type { App, ServiceDeps } from './build-service-app.ts';
import { runRead, runWrite } from './idempotency.ts';
import {
  idParams,
  itemResponse,
  listMeta,
  listResponse,
  toListQuery,
  type ListQuery,
  type SortOrder,
} from './list-query.ts';
import { expectedVersion, setVersionTag, versionConflict } from './optimistic-concurrency.ts';
import { requires } from './route-permission.ts';

export type ResourceOperation = 'list' | 'read' | 'create' | 'update' | 'delete';

/** What a resource's repository offers the kit. Its SQL runs inside the kit's tenant transaction. */
export interface ResourceRepository<Item, Insert, Patch> {
  /** One page of items and the total; `filters` is the whole validated query (for a resource's own filters). */
  list?(tx: Queryable, query: ListQuery, filters: Record<string, unknown>): Promise<{ items: Item[]; total: number }>;
  /** One item; `lock` takes a row lock for the update or delete that follows. */
  find(tx: Queryable, id: string, options?: { lock?: boolean }): Promise<Item | undefined>;
  /** Stores a new item and answers its id. */
  insert?(tx: Queryable, values: Insert): Promise<string>;
  /** Applies `patch` and increments `version`. */
  update?(tx: Queryable, id: string, patch: Patch): Promise<void>;
  remove?(tx: Queryable, id: string): Promise<boolean>;
}

/** What every hook gets: the write's transaction, the caller, and the tenant the write acts in. */
export interface ResourceContext {
  tx: Queryable;
  req: FastifyRequest;
  auth: AuthContext;
  deps: ServiceDeps;
  /** The tenant of the call: the caller's company, or the one `tenant` chose. */
  companyId: string;
}

/** Facts beyond the before/after diff that go into the audit entry (for example the sessions revoked). */
export type AuditExtra = Record<string, unknown> | void;

export interface ResourceHooks<Item, CreateBody, UpdateBody, Insert, Patch> {
  /** Body → the repository's insert values (checks that need the database go here). Default: body + companyId + createdBy. */
  beforeCreate?(ctx: ResourceContext, body: CreateBody): Promise<Insert> | Insert;
  /** After the insert, before the item is read back and audited (for example: send the invitation). */
  afterCreate?(ctx: ResourceContext, id: string): Promise<void> | void;
  /** Body (without `version`) → the repository's patch; may refuse the change. Default: the body as is. */
  beforeUpdate?(ctx: ResourceContext, before: Item, patch: Omit<UpdateBody, 'version'>): Promise<Patch> | Patch;
  /** After the update, before its audit entry; may write more and answer extra audit facts. */
  afterUpdate?(ctx: ResourceContext, before: Item, after: Item): Promise<AuditExtra> | AuditExtra;
  /** May refuse the delete (throw), or act first and answer extra audit facts. */
  beforeDelete?(ctx: ResourceContext, before: Item): Promise<AuditExtra> | AuditExtra;
}

export interface ResourceDefinition<
  Item extends { _id: string },
  CreateBody = never,
  UpdateBody extends { version?: number | undefined } = never,
  Insert = CreateBody,
  Patch = Omit<UpdateBody, 'version'>,
> {
  /** The collection's path under the service prefix, for example `/users`. */
  path: string;
  /** The audit entity and action prefix, for example `user` (actions `user.create`, …). */
  entity: string;
  /** For messages: `User` → "User not found", "The user was changed by someone else". */
  label: string;
  /** The permission module; each route needs its action (`read` for list and read). */
  permission: PermissionModule;
  /** The routes to serve; all five by default (create, update and delete need their schema and repository method). */
  operations?: readonly ResourceOperation[];
  schemas: {
    item: z.ZodType<Item>;
    listQuery: z.ZodObject;
    create?: z.ZodType<CreateBody>;
    update?: z.ZodType<UpdateBody>;
  };
  /** The list order when the caller names none. */
  defaultSort: SortOrder;
  repository: ResourceRepository<Item, Insert, Patch>;
  /** The tenant a call acts in, from the route's `id` (for `/companies/:id`): the caller's company by default. */
  tenant?: (req: FastifyRequest, id: string | undefined) => string;
  hooks?: ResourceHooks<Item, CreateBody, UpdateBody, Insert, Patch>;
  /** What the audit diff compares (drop joined or derived fields). Default: the item. */
  auditable?: (item: Item) => object;
  /** OpenAPI summaries, when the default ones ("List users", …) are not enough. */
  summaries?: Partial<Record<ResourceOperation, string>>;
  /** OpenAPI tag; `permission` by default. */
  tag?: string;
}

/** Keeps the generics of a definition inferred from its schemas and repository. */
export function defineResource<
  Item extends { _id: string },
  CreateBody = never,
  UpdateBody extends { version?: number | undefined } = never,
  Insert = CreateBody,
  Patch = Omit<UpdateBody, 'version'>,
>(
  definition: ResourceDefinition<Item, CreateBody, UpdateBody, Insert, Patch>,
): ResourceDefinition<Item, CreateBody, UpdateBody, Insert, Patch> {
  return definition;
}

const ALL_OPERATIONS: readonly ResourceOperation[] = ['list', 'read', 'create', 'update', 'delete'];

function versionOf(item: unknown): number | undefined {
  const version = (item as { version?: unknown }).version;
  return typeof version === 'number' ? version : undefined;
}

/**
 * The 409 of a stale update, naming the stored version, when it was written and by whom (the newest
 * audit entry of the record).
 */
export async function staleVersion(
  tx: Queryable,
  stored: { _id: string; version: number; updatedAt?: string },
  entity: string,
  label: string,
): Promise<never> {
  const updatedBy = await lastChangeBy(tx, entity, stored._id);
  throw versionConflict(`The ${label.toLowerCase()}`, {
    version: stored.version,
    updatedAt: stored.updatedAt ?? new Date(0).toISOString(),
    updatedBy,
  });
}

/** Registers the routes of `definition` on `app` (a scope whose routes authenticate first). */
export function registerResource<
  Item extends { _id: string },
  CreateBody,
  UpdateBody extends { version?: number | undefined },
  Insert,
  Patch,
>(app: App, deps: ServiceDeps, definition: ResourceDefinition<Item, CreateBody, UpdateBody, Insert, Patch>): void {
  const { path, entity, label, repository, schemas, hooks = {} } = definition;
  const operations = new Set(definition.operations ?? ALL_OPERATIONS);
  const tag = definition.tag ?? definition.permission;
  const auditable = definition.auditable ?? ((item: Item) => item);
  const tenantOf = (req: FastifyRequest) => {
    const id = (req.params as { id?: string } | undefined)?.id;
    return definition.tenant ? definition.tenant(req, id) : undefined;
  };
  const context = (req: FastifyRequest, tx: Queryable, auth: AuthContext): ResourceContext => ({
    tx,
    req,
    auth,
    deps,
    companyId: tenantOf(req) ?? auth.companyId,
  });
  const summary = (operation: ResourceOperation, fallback: string) => definition.summaries?.[operation] ?? fallback;
  const findOr404 = async (tx: Queryable, id: string, lock: boolean) => {
    const item = await repository.find(tx, id, { lock });
    if (!item) throw notFound(label);
    return item;
  };
  const readOptions = (req: FastifyRequest) => {
    const companyId = tenantOf(req);
    return companyId ? { companyId } : {};
  };

  const list = repository.list;
  if (operations.has('list') && list) {
    app.get(
      path,
      {
        config: { permission: requires(definition.permission, 'read') },
        schema: {
          summary: summary('list', `List ${path.slice(1)}`),
          tags: [tag],
          querystring: schemas.listQuery,
          response: { 200: listResponse(schemas.item) },
        },
      },
      async (req) => {
        const raw = req.query as Record<string, unknown> & {
          page: number;
          limit: number;
          search?: string;
          sort?: string;
        };
        const query = toListQuery(raw, definition.defaultSort);
        const { items, total } = await runRead(deps, req, readOptions(req), (tx) =>
          list.call(repository, tx, query, raw),
        );
        return { data: items, meta: listMeta(total, query) };
      },
    );
  }

  if (operations.has('read')) {
    app.get(
      `${path}/:id`,
      {
        config: { permission: requires(definition.permission, 'read') },
        schema: {
          summary: summary('read', `Read one ${label.toLowerCase()}`),
          tags: [tag],
          params: idParams,
          response: { 200: itemResponse(schemas.item) },
        },
      },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        const item = await runRead(deps, req, readOptions(req), (tx) => findOr404(tx, id, false));
        const version = versionOf(item);
        if (version !== undefined) setVersionTag(reply, version);
        return { data: item };
      },
    );
  }

  const insert = repository.insert;
  if (operations.has('create') && schemas.create && insert) {
    app.post(
      path,
      {
        config: { permission: requires(definition.permission, 'create') },
        schema: {
          summary: summary('create', `Create a ${label.toLowerCase()}`),
          tags: [tag],
          body: schemas.create,
          response: { 201: itemResponse(schemas.item) },
        },
      },
      async (req, reply) => {
        const body = req.body as CreateBody;
        return runWrite(deps, req, reply, { status: 201, ...readOptions(req) }, async (tx, auth) => {
          const ctx = context(req, tx, auth);
          const values = hooks.beforeCreate
            ? await hooks.beforeCreate(ctx, body)
            : ({ ...body, companyId: ctx.companyId, createdBy: auth.userId } as Insert);
          const id = await insert.call(repository, tx, values);
          await hooks.afterCreate?.(ctx, id);
          const created = await findOr404(tx, id, false);
          await auditChange(tx, req, auth, {
            action: `${entity}.create`,
            entity,
            entityId: id,
            companyId: ctx.companyId,
            after: auditable(created),
          });
          return { data: created };
        });
      },
    );
  }

  const update = repository.update;
  if (operations.has('update') && schemas.update && update) {
    app.route({
      method: ['PUT', 'PATCH'],
      url: `${path}/:id`,
      config: { permission: requires(definition.permission, 'update') },
      schema: {
        summary: summary('update', `Update a ${label.toLowerCase()} (send \`version\` or \`If-Match\`)`),
        tags: [tag],
        params: idParams,
        body: schemas.update,
        response: { 200: itemResponse(schemas.item) },
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const { id } = req.params as { id: string };
        const { version: bodyVersion, ...fields } = req.body as UpdateBody;
        const expected = expectedVersion(req, bodyVersion);
        const result = await runWrite(deps, req, reply, readOptions(req), async (tx, auth) => {
          const ctx = context(req, tx, auth);
          const before = await findOr404(tx, id, true);
          const stored = versionOf(before);
          if (stored !== expected) {
            await staleVersion(
              tx,
              { ...(before as unknown as { updatedAt?: string }), _id: id, version: stored ?? 0 },
              entity,
              label,
            );
          }
          const patch = hooks.beforeUpdate
            ? await hooks.beforeUpdate(ctx, before, fields)
            : (fields as unknown as Patch);
          await update.call(repository, tx, id, patch);
          const after = await findOr404(tx, id, false);
          const extra = (await hooks.afterUpdate?.(ctx, before, after)) ?? undefined;
          await auditChange(tx, req, auth, {
            action: `${entity}.update`,
            entity,
            entityId: id,
            companyId: ctx.companyId,
            before: auditable(before),
            after: auditable(after),
            ...(extra && Object.keys(extra).length > 0 ? { extra } : {}),
          });
          return { data: after };
        });
        const version = versionOf(result.data);
        if (version !== undefined) setVersionTag(reply, version);
        return result;
      },
    });
  }

  const remove = repository.remove;
  if (operations.has('delete') && remove) {
    app.delete(
      `${path}/:id`,
      {
        config: { permission: requires(definition.permission, 'delete') },
        schema: {
          summary: summary('delete', `Delete a ${label.toLowerCase()}`),
          tags: [tag],
          params: idParams,
          response: { 200: itemResponse(deletedItemSchema) },
        },
      },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        return runWrite(deps, req, reply, readOptions(req), async (tx, auth) => {
          const ctx = context(req, tx, auth);
          const before = await findOr404(tx, id, true);
          const extra = (await hooks.beforeDelete?.(ctx, before)) ?? undefined;
          await remove.call(repository, tx, id);
          await auditChange(tx, req, auth, {
            action: `${entity}.delete`,
            entity,
            entityId: id,
            companyId: ctx.companyId,
            before: auditable(before),
            ...(extra && Object.keys(extra).length > 0 ? { extra } : {}),
          });
          const data: DeletedItem = { _id: id, deleted: true };
          return { data };
        });
      },
    );
  }
}

/**
 * `GET {path}` listing another resource's items inside a tenant chosen from the route (for
 * `/companies/:id/users`): the resource's own list query, answer, permission and repository.
 */
export function registerTenantList<Item extends { _id: string }>(
  app: App,
  deps: ServiceDeps,
  options: {
    path: string;
    tenant: (req: FastifyRequest, id: string) => string;
    resource: Pick<
      ResourceDefinition<Item, unknown, { version?: number }, unknown, unknown>,
      'schemas' | 'repository' | 'permission' | 'defaultSort'
    >;
    summary: string;
    tag: string;
  },
): void {
  const { resource } = options;
  const list = resource.repository.list;
  if (!list) throw new Error(`${options.path}: the resource's repository cannot list`);
  app.get(
    options.path,
    {
      config: { permission: requires(resource.permission, 'read') },
      schema: {
        summary: options.summary,
        tags: [options.tag],
        params: idParams,
        querystring: resource.schemas.listQuery,
        response: { 200: listResponse(resource.schemas.item) },
      },
    },
    async (req) => {
      const companyId = options.tenant(req, (req.params as { id: string }).id);
      const raw = req.query as Record<string, unknown> & {
        page: number;
        limit: number;
        search?: string;
        sort?: string;
      };
      const query = toListQuery(raw, resource.defaultSort);
      const { items, total } = await runRead(deps, req, { companyId }, (tx) =>
        list.call(resource.repository, tx, query, raw),
      );
      return { data: items, meta: listMeta(total, query) };
    },
  );
}
