/**
 * The server resource kit: one way to serve a resource of docs/api.md section 7.
 *
 * A resource is its contract (zod schemas in `src/shared/contracts/`), its repository (the SQL) and a
 * definition passed to `registerResource`. The kit gives every resource the same routes and rules:
 *
 * - `GET {path}` lists (`page`, `limit`, `search`, `sort`, `meta`), `GET {path}/:id` reads (with `ETag`),
 *   `POST {path}` creates (201), `PUT|PATCH {path}/:id` updates, `DELETE {path}/:id` deletes; any subset;
 * - who may call is checked right after authentication, before validation (403 whatever the body): the
 *   permission `{ module: definition.permission, action }`, or a super admin for the `system` scope
 *   (`resource-access.ts` has the scopes: tenant, system, system for super admins, own record);
 * - updates name the version they were made from (`version` or `If-Match`); a stale one is
 *   `409 VERSION_CONFLICT` with `conflict: { version, updatedAt, updatedBy }`;
 * - writes honour `Idempotency-Key`, run in one transaction (under row-level security, or as the system
 *   role for the system scopes), and are audited as `<entity>.create|update|delete` with a before/after diff;
 * - the OpenAPI document comes from the same schemas.
 *
 * Per-resource rules go in `hooks` (they run inside the write's transaction, so throwing refuses the
 * write and nothing is stored). A resource under a parent (`/contacts/:parentId/notes`) is
 * `registerChildResource` (`child-resource.ts`); a list with no item routes is `registerListResource`.
 * The list handler (`resource-list.ts`) and the versioned update (here) are each written once.
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
import { idParams, itemResponse, type ListQuery, type SortOrder } from './list-query.ts';
import { expectedVersion, setVersionTag, versionConflict } from './optimistic-concurrency.ts';
import { accessTag, callPlace, routeGuard, type ResourceAccess } from './resource-access.ts';
import { registerListRoute, type CallPlace, type ListPage } from './resource-list.ts';
import { requires } from './route-permission.ts';

export { requireSuperAdmin, type ResourceAccess, type ResourceScope } from './resource-access.ts';

export type ResourceOperation = 'list' | 'read' | 'create' | 'update' | 'delete';

/** What a resource's repository offers the kit. Its SQL runs inside the kit's transaction. */
export interface ResourceRepository<Item, Insert, Patch> {
  /** One page of items and the total; `filters` is the whole validated query (for a resource's own filters). */
  list?(tx: Queryable, query: ListQuery, filters: Record<string, unknown>): Promise<ListPage<Item>>;
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
  /**
   * The create's last write, after the item is read back and before its audit entry and the commit; answers
   * the item as it now is. A server-assigned number is taken here (`number-series-repository.ts`): its
   * counter row stays locked until the commit, so taking it last keeps concurrent creates of one series
   * queued for the audit entry and the commit only, not for the whole write.
   */
  assignNumber?(ctx: ResourceContext, created: Item): Promise<Item>;
  /** Body (without `version`) → the repository's patch; may refuse the change. Default: the body as is. */
  beforeUpdate?(ctx: ResourceContext, before: Item, patch: Omit<UpdateBody, 'version'>): Promise<Patch> | Patch;
  /** After the update, before its audit entry; may write more and answer extra audit facts. */
  afterUpdate?(ctx: ResourceContext, before: Item, after: Item): Promise<AuditExtra> | AuditExtra;
  /** May refuse the delete (throw), or act first and answer extra audit facts. */
  beforeDelete?(ctx: ResourceContext, before: Item): Promise<AuditExtra> | AuditExtra;
}

/** What every resource declares besides its repository and who may call it (a child resource shares it). */
export interface ResourceShape<Item extends { _id: string }, CreateBody, UpdateBody, Insert, Patch> {
  /** The collection's path under the service prefix, for example `/users`. */
  path: string;
  /** The audit entity and action prefix, for example `user` (actions `user.create`, …). */
  entity: string;
  /** For messages: `User` → "User not found", "The user was changed by someone else". */
  label: string;
  /** The routes to serve; all five by default (create, update and delete need their schema and repository method). */
  operations?: readonly ResourceOperation[];
  schemas: {
    item: z.ZodType<Item>;
    /** The list's query (`listQuerySchema` and the resource's filters); no list route without it. */
    listQuery?: z.ZodObject;
    create?: z.ZodType<CreateBody>;
    update?: z.ZodType<UpdateBody>;
  };
  /** The list order when the caller names none (needed with `schemas.listQuery`). */
  defaultSort?: SortOrder;
  hooks?: ResourceHooks<Item, CreateBody, UpdateBody, Insert, Patch>;
  /** What the audit diff compares (drop joined or derived fields). Default: the item. */
  auditable?: (item: Item) => object;
  /** The company an item belongs to, whose trail gets its audit entries (the system scopes). Default: the call's tenant. */
  companyOf?: (item: Item) => string;
  /** Audit actions other than `<entity>.create|update|delete` (the app admin's `company.plan_change`). */
  actions?: Partial<Record<'create' | 'update' | 'delete', string>>;
  /** The methods of the update route; both by default (`/profile` takes `PATCH` only). */
  updateMethods?: readonly ('PUT' | 'PATCH')[];
  /** OpenAPI summaries, when the default ones ("List users", …) are not enough. */
  summaries?: Partial<Record<ResourceOperation, string>>;
  /** OpenAPI tag; `permission` (else `entity`) by default. */
  tag?: string;
}

export type ResourceDefinition<
  Item extends { _id: string },
  CreateBody = never,
  UpdateBody extends { version?: number | undefined } = never,
  Insert = CreateBody,
  Patch = Omit<UpdateBody, 'version'>,
> = ResourceShape<Item, CreateBody, UpdateBody, Insert, Patch> &
  ResourceAccess & {
    repository: ResourceRepository<Item, Insert, Patch>;
    /** The tenant a call acts in, from the route's `id` (for `/companies/:id`): the caller's company by default. */
    tenant?: (req: FastifyRequest, id: string | undefined) => string;
  };

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
async function staleVersion(
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

/** How a resource's routes reach their records: the paths, the record an item route means, the repository. */
export interface ResourceWiring<Item, Insert, Patch> {
  access: ResourceAccess;
  collectionPath: string;
  itemPath: string;
  collectionParams?: z.ZodObject;
  itemParams?: z.ZodObject;
  /** The id of the record an item route means. */
  itemId: (req: FastifyRequest, auth: AuthContext) => string;
  /** A company chosen by the route (`tenant` scope); undefined: the caller's. */
  tenantOf: (req: FastifyRequest) => string | undefined;
  /** The repository methods there are: an operation without its method gets no route. */
  has: (method: 'list' | 'insert' | 'update' | 'remove') => boolean;
  /** The repository for this call, inside its transaction (a child resource loads its parent here). */
  repositoryFor: (tx: Queryable, req: FastifyRequest) => Promise<ResourceRepository<Item, Insert, Patch>>;
}

/** Registers the routes of `definition` on `app` (a scope whose routes authenticate first). */
export function registerResource<
  Item extends { _id: string },
  CreateBody,
  UpdateBody extends { version?: number | undefined },
  Insert,
  Patch,
>(app: App, deps: ServiceDeps, definition: ResourceDefinition<Item, CreateBody, UpdateBody, Insert, Patch>): void {
  const own = definition.scope === 'own';
  const operations = definition.operations ?? (own ? ['read', 'update'] : ALL_OPERATIONS);
  if (own && operations.some((o) => o !== 'read' && o !== 'update')) {
    throw new Error(`${definition.path}: an own-record resource only reads and updates`);
  }
  const { repository, tenant } = definition;
  registerResourceRoutes(
    app,
    deps,
    { ...definition, operations },
    {
      access: definition,
      collectionPath: definition.path,
      itemPath: own ? definition.path : `${definition.path}/:id`,
      ...(own ? {} : { itemParams: idParams }),
      itemId: (req, auth) => (own ? auth.userId : (req.params as { id: string }).id),
      tenantOf: (req) => (tenant ? tenant(req, (req.params as { id?: string } | undefined)?.id) : undefined),
      has: (method) => repository[method] !== undefined,
      repositoryFor: async () => repository,
    },
  );
}

/**
 * The routes of a resource, whatever its scope: each operation written once. `registerResource` and
 * `registerChildResource` only say how the routes reach their records.
 */
export function registerResourceRoutes<
  Item extends { _id: string },
  CreateBody,
  UpdateBody extends { version?: number | undefined },
  Insert,
  Patch,
>(
  app: App,
  deps: ServiceDeps,
  shape: ResourceShape<Item, CreateBody, UpdateBody, Insert, Patch>,
  wiring: ResourceWiring<Item, Insert, Patch>,
): void {
  const { entity, label, schemas, hooks = {} } = shape;
  const { access, collectionPath, itemPath, collectionParams, itemParams } = wiring;
  const operations = new Set(shape.operations ?? ALL_OPERATIONS);
  const tag = shape.tag ?? accessTag(access, entity);
  const auditable = shape.auditable ?? ((item: Item) => item);
  const place = (req: FastifyRequest): CallPlace => callPlace(access, req, wiring.tenantOf);
  const context = (req: FastifyRequest, tx: Queryable, auth: AuthContext): ResourceContext => ({
    tx,
    req,
    auth,
    deps,
    companyId:
      (access.scope === undefined || access.scope === 'tenant' ? wiring.tenantOf(req) : undefined) ?? auth.companyId,
  });
  const auditCompany = (ctx: ResourceContext, item: Item) => shape.companyOf?.(item) ?? ctx.companyId;
  const action = (operation: 'create' | 'update' | 'delete') => shape.actions?.[operation] ?? `${entity}.${operation}`;
  const summary = (operation: ResourceOperation, fallback: string) => shape.summaries?.[operation] ?? fallback;
  const findOr404 = async (
    repository: ResourceRepository<Item, Insert, Patch>,
    tx: Queryable,
    id: string,
    lock: boolean,
  ) => {
    const item = await repository.find(tx, id, { lock });
    if (!item) throw notFound(label);
    return item;
  };
  const paramsOf = (params: z.ZodObject | undefined) => (params ? { params } : {});
  const extraOf = (extra: AuditExtra | undefined) => (extra && Object.keys(extra).length > 0 ? { extra } : {});

  const { listQuery } = schemas;
  const { defaultSort } = shape;
  if (operations.has('list') && wiring.has('list') && listQuery && defaultSort) {
    registerListRoute(app, deps, {
      path: collectionPath,
      guard: routeGuard(access, 'read'),
      ...(collectionParams ? { params: collectionParams } : {}),
      query: listQuery,
      item: schemas.item,
      defaultSort,
      summary: summary('list', `List ${collectionPath.slice(1)}`),
      tag,
      place,
      read: async (tx, query, filters, _auth, req) => {
        const repository = await wiring.repositoryFor(tx, req);
        if (!repository.list) throw new Error(`${collectionPath}: the resource's repository cannot list`);
        return repository.list(tx, query, filters);
      },
    });
  }

  if (operations.has('read')) {
    app.get(
      itemPath,
      {
        ...routeGuard(access, 'read'),
        schema: {
          summary: summary('read', `Read one ${label.toLowerCase()}`),
          tags: [tag],
          ...paramsOf(itemParams),
          response: { 200: itemResponse(schemas.item) },
        },
      },
      async (req, reply) => {
        const item = await runRead(deps, req, place(req), async (tx, auth) =>
          findOr404(await wiring.repositoryFor(tx, req), tx, wiring.itemId(req, auth), false),
        );
        const version = versionOf(item);
        if (version !== undefined) setVersionTag(reply, version);
        return { data: item };
      },
    );
  }

  if (operations.has('create') && schemas.create && wiring.has('insert')) {
    app.post(
      collectionPath,
      {
        ...routeGuard(access, 'create'),
        schema: {
          summary: summary('create', `Create a ${label.toLowerCase()}`),
          tags: [tag],
          ...paramsOf(collectionParams),
          body: schemas.create,
          response: { 201: itemResponse(schemas.item) },
        },
      },
      async (req, reply) => {
        const body = req.body as CreateBody;
        return runWrite(deps, req, reply, { status: 201, ...place(req) }, async (tx, auth) => {
          const repository = await wiring.repositoryFor(tx, req);
          if (!repository.insert) throw new Error(`${collectionPath}: the resource's repository cannot insert`);
          const ctx = context(req, tx, auth);
          const values = hooks.beforeCreate
            ? await hooks.beforeCreate(ctx, body)
            : ({ ...body, companyId: ctx.companyId, createdBy: auth.userId } as Insert);
          const id = await repository.insert(tx, values);
          await hooks.afterCreate?.(ctx, id);
          const read = await findOr404(repository, tx, id, false);
          const created = hooks.assignNumber ? await hooks.assignNumber(ctx, read) : read;
          await auditChange(tx, req, auth, {
            action: action('create'),
            entity,
            entityId: id,
            companyId: auditCompany(ctx, created),
            after: auditable(created),
          });
          return { data: created };
        });
      },
    );
  }

  // The versioned update: the one copy of the flow of docs/api.md section 7 (version or If-Match, the
  // stale version's 409 with who changed it, Idempotency-Key, the audit diff, the new ETag).
  if (operations.has('update') && schemas.update && wiring.has('update')) {
    app.route({
      method: [...(shape.updateMethods ?? ['PUT', 'PATCH'])],
      url: itemPath,
      ...routeGuard(access, 'update'),
      schema: {
        summary: summary('update', `Update a ${label.toLowerCase()} (send \`version\` or \`If-Match\`)`),
        tags: [tag],
        ...paramsOf(itemParams),
        body: schemas.update,
        response: { 200: itemResponse(schemas.item) },
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const { version: bodyVersion, ...fields } = req.body as UpdateBody;
        const expected = expectedVersion(req, bodyVersion);
        const result = await runWrite(deps, req, reply, place(req), async (tx, auth) => {
          const repository = await wiring.repositoryFor(tx, req);
          if (!repository.update) throw new Error(`${itemPath}: the resource's repository cannot update`);
          const id = wiring.itemId(req, auth);
          const ctx = context(req, tx, auth);
          const before = await findOr404(repository, tx, id, true);
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
          await repository.update(tx, id, patch);
          const after = await findOr404(repository, tx, id, false);
          const extra = (await hooks.afterUpdate?.(ctx, before, after)) ?? undefined;
          await auditChange(tx, req, auth, {
            action: action('update'),
            entity,
            entityId: id,
            companyId: auditCompany(ctx, before),
            before: auditable(before),
            after: auditable(after),
            ...extraOf(extra),
          });
          return { data: after };
        });
        const version = versionOf(result.data);
        if (version !== undefined) setVersionTag(reply, version);
        return result;
      },
    });
  }

  if (operations.has('delete') && wiring.has('remove')) {
    app.delete(
      itemPath,
      {
        ...routeGuard(access, 'delete'),
        schema: {
          summary: summary('delete', `Delete a ${label.toLowerCase()}`),
          tags: [tag],
          ...paramsOf(itemParams),
          response: { 200: itemResponse(deletedItemSchema) },
        },
      },
      async (req, reply) => {
        return runWrite(deps, req, reply, place(req), async (tx, auth) => {
          const repository = await wiring.repositoryFor(tx, req);
          if (!repository.remove) throw new Error(`${itemPath}: the resource's repository cannot delete`);
          const id = wiring.itemId(req, auth);
          const ctx = context(req, tx, auth);
          const before = await findOr404(repository, tx, id, true);
          const extra = (await hooks.beforeDelete?.(ctx, before)) ?? undefined;
          await repository.remove(tx, id);
          await auditChange(tx, req, auth, {
            action: action('delete'),
            entity,
            entityId: id,
            companyId: auditCompany(ctx, before),
            before: auditable(before),
            ...extraOf(extra),
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
    resource: ResourceAccess & {
      defaultSort?: SortOrder;
      schemas: { item: z.ZodType<Item>; listQuery?: z.ZodObject };
      repository: Pick<ResourceRepository<Item, unknown, unknown>, 'list'>;
    };
    summary: string;
    tag: string;
  },
): void {
  const { resource } = options;
  const { list } = resource.repository;
  const { listQuery } = resource.schemas;
  if (!list || !listQuery || !resource.defaultSort) throw new Error(`${options.path}: the resource cannot list`);
  registerListRoute(app, deps, {
    path: options.path,
    guard: routeGuard(resource, 'read'),
    params: idParams,
    query: listQuery,
    item: resource.schemas.item,
    defaultSort: resource.defaultSort,
    summary: options.summary,
    tag: options.tag,
    place: (req) => ({ companyId: options.tenant(req, (req.params as { id: string }).id) }),
    read: (tx, query, filters) => list.call(resource.repository, tx, query, filters),
  });
}

/**
 * A resource that is only a list (`/audit`, `/send`): the kit's list route, in the caller's company, with
 * the permission's `read`. `read` also gets the caller, for rules of visibility beyond row-level security.
 */
export function registerListResource<Item, Query extends z.ZodObject = z.ZodObject>(
  app: App,
  deps: ServiceDeps,
  definition: {
    path: string;
    permission: PermissionModule;
    /** `POST` takes the list query as the body (`POST /contacts/paginate`). */
    method?: 'GET' | 'POST';
    schemas: { item: z.ZodType<Item>; listQuery: Query };
    defaultSort: SortOrder;
    summary: string;
    tag: string;
    /** `request` is the whole validated query (or body), typed by `schemas.listQuery`: its own filters too. */
    read: (tx: Queryable, query: ListQuery, request: z.output<Query>, auth: AuthContext) => Promise<ListPage<Item>>;
  },
): void {
  registerListRoute(app, deps, {
    path: definition.path,
    ...(definition.method ? { method: definition.method } : {}),
    guard: { config: { permission: requires(definition.permission, 'read') } },
    query: definition.schemas.listQuery,
    item: definition.schemas.item,
    defaultSort: definition.defaultSort,
    summary: definition.summary,
    tag: definition.tag,
    place: () => ({}),
    read: (tx, query, filters, auth) => definition.read(tx, query, filters as z.output<Query>, auth),
  });
}
