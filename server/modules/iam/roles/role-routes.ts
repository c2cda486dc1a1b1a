/**
 * `/roles` (CONTRACT.md section 7): the company's roles and their permissions (module x action, checked
 * against `src/shared/permissions.ts`). System roles cannot be deleted; every change is audited.
 */
import { z } from 'zod';
import { createRoleBody, roleListQuery, roleSchema, updateRoleBody } from '../../../../src/shared/contracts/roles.ts';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import {
  PERMISSION_ACTIONS,
  PERMISSION_MODULES,
  type PermissionAction,
  type Permissions,
} from '../../../../src/shared/permissions.ts';
import { auditChange } from '../../../http/audit-change.ts';
import { ApiError, notFound } from '../../../http/api-error.ts';
import { assertPermission, requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse, listMeta, listResponse, toListQuery } from '../../../http/list-query.ts';
import { assertVersion, expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import { countUsersWithRole, deleteRole, findRole, insertRole, listRoles, updateRole } from './role-repository.ts';

/** One entry per module, actions once each in the canonical order, empty modules dropped. */
function normalisePermissions(input: Permissions): Permissions {
  const out: Permissions = {};
  for (const module of PERMISSION_MODULES) {
    const actions = input[module];
    if (!actions || actions.length === 0) continue;
    out[module] = PERMISSION_ACTIONS.filter((a: PermissionAction) => actions.includes(a));
  }
  return out;
}

export function registerRoleRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/roles',
    {
      schema: {
        summary: 'List the company’s roles',
        tags: ['roles'],
        querystring: roleListQuery,
        response: { 200: listResponse(roleSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'roles', 'read');
      const query = toListQuery(req.query, { field: 'name', descending: false });
      const { items, total } = await runRead(deps, req, {}, (tx) => listRoles(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    '/roles/:id',
    {
      schema: {
        summary: 'Read one role',
        tags: ['roles'],
        params: idParams,
        response: { 200: itemResponse(roleSchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'roles', 'read');
      const role = await runRead(deps, req, {}, (tx) => findRole(tx, req.params.id));
      if (!role) throw notFound('Role');
      setVersionTag(reply, role.version);
      return { data: role };
    },
  );

  app.post(
    '/roles',
    {
      schema: {
        summary: 'Create a role',
        tags: ['roles'],
        body: createRoleBody,
        response: { 201: itemResponse(roleSchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'roles', 'create');
      const body = req.body;
      return runWrite(deps, req, reply, { status: 201 }, async (tx, auth) => {
        const id = await insertRole(tx, {
          companyId: auth.companyId,
          name: body.name,
          description: body.description,
          permissions: normalisePermissions(body.permissions),
        });
        const created = (await findRole(tx, id))!;
        await auditChange(tx, req, auth, { action: 'role.create', entity: 'role', entityId: id, after: created });
        return { data: created };
      });
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/roles/:id',
    schema: {
      summary: 'Update a role (optimistic concurrency: send `version` or `If-Match`)',
      tags: ['roles'],
      params: idParams,
      body: updateRoleBody,
      response: { 200: itemResponse(roleSchema) },
    },
    handler: async (req, reply) => {
      assertPermission(requireAuthContext(req), 'roles', 'update');
      const { version: bodyVersion, ...patch } = req.body;
      const expected = expectedVersion(req, bodyVersion);
      const result = await runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findRole(tx, req.params.id, { lock: true });
        if (!before) throw notFound('Role');
        assertVersion(before.version, expected, 'The role');
        await updateRole(tx, before._id, {
          ...patch,
          permissions: patch.permissions ? normalisePermissions(patch.permissions) : undefined,
        });
        const after = (await findRole(tx, before._id))!;
        await auditChange(tx, req, auth, { action: 'role.update', entity: 'role', entityId: after._id, before, after });
        return { data: after };
      });
      setVersionTag(reply, result.data.version);
      return result;
    },
  });

  app.delete(
    '/roles/:id',
    {
      schema: {
        summary: 'Delete a role that no user holds; system roles cannot be deleted',
        tags: ['roles'],
        params: idParams,
        response: { 200: itemResponse(z.object({ _id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'roles', 'delete');
      return runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findRole(tx, req.params.id, { lock: true });
        if (!before) throw notFound('Role');
        if (before.isSystem) throw new ApiError(409, ERROR_CODES.RESOURCE_IN_USE, 'A system role cannot be deleted');
        if ((await countUsersWithRole(tx, before._id)) > 0) {
          throw new ApiError(
            409,
            ERROR_CODES.RESOURCE_IN_USE,
            'Users still hold this role; give them another one first',
          );
        }
        await deleteRole(tx, before._id);
        await auditChange(tx, req, auth, { action: 'role.delete', entity: 'role', entityId: before._id, before });
        return { data: { _id: before._id, deleted: true as const } };
      });
    },
  );
}
