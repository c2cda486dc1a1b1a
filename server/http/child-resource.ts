/**
 * A resource under a parent (`/shipments/:parentId/charges`): the kit's five routes at
 * `{parent.path}/:parentId{path}`, where every call first loads the parent in the caller's company (404
 * "<Parent> not found" when row-level security hides it or it is gone), every route needs the parent
 * resource's permission with its own action, or with the one action the child names for all its routes
 * (`shipments.charges`; 403 before validation, as everywhere), and the child's
 * repository is handed the parent's id with each call. Versions, idempotency and the audit trail are the
 * kit's own (`registerResourceRoutes`).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PermissionAction, PermissionModule } from '../../src/shared/permissions.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from './api-error.ts';
import type { App, ServiceDeps } from './build-service-app.ts';
import type { ListQuery } from './list-query.ts';
import { registerResourceRoutes, type ResourceRepository, type ResourceShape } from './resource-kit.ts';
import type { ListPage } from './resource-list.ts';

/** The child's SQL: the kit's repository with the parent's id first. */
export interface ChildRepository<Item, Insert, Patch> {
  list?(tx: Queryable, parentId: string, query: ListQuery, filters: Record<string, unknown>): Promise<ListPage<Item>>;
  find(tx: Queryable, parentId: string, id: string, options?: { lock?: boolean }): Promise<Item | undefined>;
  insert?(tx: Queryable, parentId: string, values: Insert): Promise<string>;
  update?(tx: Queryable, parentId: string, id: string, patch: Patch): Promise<void>;
  remove?(tx: Queryable, parentId: string, id: string): Promise<boolean>;
}

/** What the child needs of its parent's definition (a kit resource's definition has it all). */
export interface ParentResource {
  path: string;
  label: string;
  permission: PermissionModule;
  repository: { find(tx: Queryable, id: string, options?: { lock?: boolean }): Promise<unknown> };
}

export type ChildResourceDefinition<
  Item extends { _id: string },
  CreateBody = never,
  UpdateBody extends { version?: number | undefined } = never,
  Insert = CreateBody,
  Patch = Omit<UpdateBody, 'version'>,
> = ResourceShape<Item, CreateBody, UpdateBody, Insert, Patch> & {
  /** `path` is the child's collection under one parent, for example `/charges`. */
  parent: ParentResource;
  /**
   * The action of the parent's permission module that every route of the child needs instead of its own
   * (a shipment's charges need `shipments.charges` to be read as much as to be changed).
   */
  action?: PermissionAction;
  repository: ChildRepository<Item, Insert, Patch>;
};

/** Keeps the generics of a child definition inferred from its schemas and repository. */
export function defineChildResource<
  Item extends { _id: string },
  CreateBody = never,
  UpdateBody extends { version?: number | undefined } = never,
  Insert = CreateBody,
  Patch = Omit<UpdateBody, 'version'>,
>(
  definition: ChildResourceDefinition<Item, CreateBody, UpdateBody, Insert, Patch>,
): ChildResourceDefinition<Item, CreateBody, UpdateBody, Insert, Patch> {
  return definition;
}

const parentParams = z.strictObject({ parentId: z.uuid() });
const childParams = z.strictObject({ parentId: z.uuid(), id: z.uuid() });

/** The kit's repository for one parent: the child's, with the parent's id bound. */
function boundTo<Item, Insert, Patch>(
  child: ChildRepository<Item, Insert, Patch>,
  parentId: string,
): ResourceRepository<Item, Insert, Patch> {
  const { list, insert, update, remove } = child;
  return {
    find: (tx, id, options) => child.find(tx, parentId, id, options),
    ...(list ? { list: (tx, query, filters) => list.call(child, tx, parentId, query, filters) } : {}),
    ...(insert ? { insert: (tx, values) => insert.call(child, tx, parentId, values) } : {}),
    ...(update ? { update: (tx, id, patch) => update.call(child, tx, parentId, id, patch) } : {}),
    ...(remove ? { remove: (tx, id) => remove.call(child, tx, parentId, id) } : {}),
  };
}

/** Registers the child's routes on `app` (a scope whose routes authenticate first). */
export function registerChildResource<
  Item extends { _id: string },
  CreateBody,
  UpdateBody extends { version?: number | undefined },
  Insert,
  Patch,
>(app: App, deps: ServiceDeps, definition: ChildResourceDefinition<Item, CreateBody, UpdateBody, Insert, Patch>): void {
  const { parent, repository } = definition;
  const collectionPath = `${parent.path}/:parentId${definition.path}`;
  registerResourceRoutes(app, deps, definition, {
    access: { permission: parent.permission, ...(definition.action ? { action: definition.action } : {}) },
    collectionPath,
    itemPath: `${collectionPath}/:id`,
    collectionParams: parentParams,
    itemParams: childParams,
    itemId: (req) => (req.params as { id: string }).id,
    tenantOf: () => undefined,
    has: (method) => repository[method] !== undefined,
    repositoryFor: async (tx: Queryable, req: FastifyRequest) => {
      const { parentId } = req.params as { parentId: string };
      if (!(await parent.repository.find(tx, parentId))) throw notFound(parent.label);
      return boundTo(repository, parentId);
    },
  });
}
