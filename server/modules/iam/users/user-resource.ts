/**
 * `/users` (docs/api.md sections 7 and 12): the company's users, served by the resource kit. Creating one
 * sends an invitation; disabling or deleting one ends all of their sessions at once; a role change is
 * audited on its own and announced to the user on the bell.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import { createUserBody, updateUserBody, userListQuery, userSchema } from '../../../../src/shared/contracts/users.ts';
import { revokeUserSessions } from '../../../auth/session-repository.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError, forbidden } from '../../../http/api-error.ts';
import { auditChange } from '../../../http/audit-change.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { iamResourceNames } from '../iam-resource-names.ts';
import { createNotifications } from '../../notifications/notification-service.ts';
import { inviteUser } from '../account-recovery/invitation-service.ts';
import { findRole } from '../roles/role-repository.ts';
import { findUser, userRepository, type UserItem } from './user-repository.ts';

/** A role id given by the caller must be a role of the same company (a foreign key alone would not check that). */
export async function assertRoleInCompany(tx: Queryable, roleId: string | null | undefined): Promise<void> {
  if (!roleId) return;
  if (!(await findRole(tx, roleId))) {
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
      details: [{ path: 'body.roleId', message: 'is not a role of this company' }],
    });
  }
}

/** What the audit diff compares: the user's own fields, not the joined role name or the sign-in time. */
export function auditableUser(user: UserItem) {
  const { roleName: _roleName, lastSignInAt: _lastSignInAt, ...rest } = user;
  return rest;
}

export const userResource = defineResource({
  ...iamResourceNames('user', 'users'),
  summaries: {
    list: 'List the company’s users',
    create: 'Create a user and mail them an invitation',
    update: 'Update a user; `disabled: true` ends their sessions (send `version` or `If-Match`)',
    delete: 'Delete a user; their sessions end at once',
  },
  schemas: { item: userSchema, listQuery: userListQuery, create: createUserBody, update: updateUserBody },
  repository: userRepository,
  auditable: auditableUser,
  hooks: {
    beforeCreate: async ({ tx, companyId }, body) => {
      await assertRoleInCompany(tx, body.roleId);
      return {
        companyId,
        email: body.emailId.toLowerCase(),
        firstName: body.firstName,
        lastName: body.lastName,
        name: body.name ?? [body.firstName, body.lastName].filter(Boolean).join(' '),
        roleId: body.roleId ?? null,
      };
    },
    afterCreate: async ({ tx, deps, auth, req, companyId }, id) => {
      const invitee = await findUser(tx, id);
      const inviter = await findUser(tx, auth.userId);
      await inviteUser(tx, deps, {
        companyId,
        userId: id,
        email: invitee!.emailId,
        invitedByName: inviter?.name ?? 'Your administrator',
        invitedByUserId: auth.userId,
        requestId: req.id,
      });
    },
    beforeUpdate: async ({ tx, auth }, before, patch) => {
      if (
        before._id === auth.userId &&
        (patch.disabled === true || (patch.roleId !== undefined && patch.roleId !== before.roleId))
      ) {
        throw forbidden('You cannot disable yourself or change your own role');
      }
      await assertRoleInCompany(tx, patch.roleId);
      return patch;
    },
    afterUpdate: async ({ tx, req, auth, companyId }, before, after) => {
      const revokedSessions =
        after.disabled && !before.disabled ? await revokeUserSessions(tx, after._id, 'user disabled') : 0;
      if (before.roleId !== after.roleId) {
        await auditChange(tx, req, auth, {
          action: 'user.role_change',
          entity: 'user',
          entityId: after._id,
          before: { roleId: before.roleId, roleName: before.roleName },
          after: { roleId: after.roleId, roleName: after.roleName },
        });
        // The user hears of it on the bell (issue 5): what they may do has just changed.
        await createNotifications(tx, {
          companyId,
          userIds: [after._id],
          kind: 'role-change',
          title: 'Your role has changed',
          body: after.roleName
            ? `You now have the role ${after.roleName}${before.roleName ? ` (was ${before.roleName})` : ''}.`
            : `You no longer have the role ${before.roleName ?? ''}.`.replace(' .', '.'),
          link: '/settings/profile',
          createdBy: auth.userId,
        });
      }
      return revokedSessions > 0 ? { revokedSessions } : undefined;
    },
    beforeDelete: async ({ tx, auth }, before) => {
      if (before._id === auth.userId) throw forbidden('You cannot delete yourself');
      return { revokedSessions: await revokeUserSessions(tx, before._id, 'user deleted') };
    },
  },
});
