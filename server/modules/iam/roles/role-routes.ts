/**
 * The roles calls beside the resource: the permission catalogue the role editor draws its matrix from,
 * and moving a role's users to another role (the step before deleting a role that users hold).
 */
import type { z } from 'zod';
import {
  moveUsersAnswerSchema,
  moveUsersBody,
  permissionCatalogueSchema,
} from '../../../../src/shared/contracts/roles.ts';
import { moduleActions, PERMISSION_MODULES } from '../../../../src/shared/permissions.ts';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import { ApiError, notFound } from '../../../http/api-error.ts';
import { auditChange } from '../../../http/audit-change.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse } from '../../../http/list-query.ts';
import { requires } from '../../../http/route-permission.ts';
import { findRole, moveUsersToRole } from './role-repository.ts';

export function registerRoleRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/roles/permission-catalogue',
    {
      config: { permission: requires('roles', 'read') },
      schema: {
        summary: 'Every resource the product knows and the actions a role may hold on it',
        tags: ['roles'],
        response: { 200: itemResponse(permissionCatalogueSchema) },
      },
    },
    async () => ({
      data: PERMISSION_MODULES.map((resource) => ({ resource, actions: moduleActions(resource) })),
    }),
  );

  app.post(
    '/roles/:id/move-users',
    {
      config: { permission: requires('roles', 'update') },
      schema: {
        summary: 'Gives every user of the role another role (before deleting it)',
        tags: ['roles'],
        params: idParams,
        body: moveUsersBody,
        response: { 200: itemResponse(moveUsersAnswerSchema) },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const { roleId } = req.body as z.output<typeof moveUsersBody>;
      return runWrite(deps, req, reply, {}, async (tx, auth) => {
        if (!(await findRole(tx, id, { lock: true }))) throw notFound('Role');
        if (roleId === id) {
          throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
            details: [{ path: 'roleId', message: 'must be another role' }],
          });
        }
        if (!(await findRole(tx, roleId, { lock: false }))) throw notFound('Role');
        const moved = await moveUsersToRole(tx, id, roleId);
        await auditChange(tx, req, auth, {
          action: 'role.move_users',
          entity: 'role',
          entityId: id,
          before: { roleId: id },
          after: { roleId, moved },
        });
        return { data: { moved } };
      });
    },
  );
}
