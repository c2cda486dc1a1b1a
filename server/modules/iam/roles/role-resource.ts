/**
 * `/roles` (docs/api.md section 7): the company's roles and their permissions (module x action, checked
 * against `src/shared/permissions.ts`), served by the resource kit. Permissions are stored normalised;
 * system roles and roles that users still hold cannot be deleted.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import { createRoleBody, roleListQuery, roleSchema, updateRoleBody } from '../../../../src/shared/contracts/roles.ts';
import {
  moduleActions,
  PERMISSION_MODULES,
  type PermissionAction,
  type Permissions,
} from '../../../../src/shared/permissions.ts';
import { ApiError } from '../../../http/api-error.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { iamResourceNames } from '../iam-resource-names.ts';
import { countRoleAdminsAfter, countUsersWithRole, roleRepository } from './role-repository.ts';

/** One entry per module, actions once each in the canonical order, empty modules dropped. */
export function normalisePermissions(input: Permissions): Permissions {
  const out: Permissions = {};
  for (const module of PERMISSION_MODULES) {
    const actions = input[module];
    if (!actions || actions.length === 0) continue;
    // An action the module does not have (`users.charges`) is dropped.
    const kept = moduleActions(module).filter((a: PermissionAction) => actions.includes(a));
    if (kept.length > 0) out[module] = kept;
  }
  return out;
}

export const roleResource = defineResource({
  ...iamResourceNames('role', 'roles'),
  summaries: {
    list: 'List the company’s roles',
    delete: 'Delete a role that no user holds; system roles cannot be deleted',
  },
  schemas: { item: roleSchema, listQuery: roleListQuery, create: createRoleBody, update: updateRoleBody },
  repository: roleRepository,
  hooks: {
    beforeCreate: (ctx, body) => ({
      companyId: ctx.companyId,
      name: body.name,
      description: body.description,
      permissions: normalisePermissions(body.permissions),
    }),
    beforeUpdate: async ({ tx }, before, patch) => {
      const permissions = patch.permissions ? normalisePermissions(patch.permissions) : undefined;
      if (permissions) {
        if (before.isSystem && Object.keys(permissions).length === 0) {
          throw new ApiError(409, ERROR_CODES.SYSTEM_ROLE, 'A system role cannot be emptied');
        }
        if ((await countRoleAdminsAfter(tx, before._id, permissions)) === 0) {
          throw new ApiError(
            409,
            ERROR_CODES.LAST_ADMIN,
            'Nobody could administer roles any more: keep "roles: update" for at least one user',
          );
        }
      }
      return { ...patch, permissions };
    },
    beforeDelete: async ({ tx }, before) => {
      if (before.isSystem) throw new ApiError(409, ERROR_CODES.SYSTEM_ROLE, 'A system role cannot be deleted');
      if ((await countUsersWithRole(tx, before._id)) > 0) {
        throw new ApiError(409, ERROR_CODES.RESOURCE_IN_USE, 'Users still hold this role; give them another one first');
      }
    },
  },
});
