/**
 * `/users` (CONTRACT.md section 7): the company's users. Creating one sends an invitation; disabling or
 * deleting one ends all of their sessions at once; every write is audited.
 */
import { z } from 'zod';
import { createUserBody, updateUserBody, userListQuery, userSchema } from '../../../../src/shared/contracts/users.ts';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import { revokeUserSessions } from '../../../auth/session-repository.ts';
import { auditChange } from '../../../http/audit-change.ts';
import { ApiError, forbidden, notFound } from '../../../http/api-error.ts';
import { assertPermission, requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse, listMeta, listResponse, toListQuery } from '../../../http/list-query.ts';
import { assertVersion, expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import type { Queryable } from '../../../db/database.ts';
import { createNotifications } from '../../notifications/notification-service.ts';
import { inviteUser } from '../account-recovery/invitation-service.ts';
import { findRole } from '../roles/role-repository.ts';
import { deleteUser, findUser, insertUser, listUsers, updateUser, type UserItem } from './user-repository.ts';

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
function auditable(user: UserItem) {
  const { roleName: _roleName, lastSignInAt: _lastSignInAt, ...rest } = user;
  return rest;
}

export function registerUserRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/users',
    {
      schema: {
        summary: 'List the company’s users',
        tags: ['users'],
        querystring: userListQuery,
        response: { 200: listResponse(userSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'users', 'read');
      const query = toListQuery(req.query, { field: 'name', descending: false });
      const { items, total } = await runRead(deps, req, {}, (tx) => listUsers(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        summary: 'Read one user',
        tags: ['users'],
        params: idParams,
        response: { 200: itemResponse(userSchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'users', 'read');
      const user = await runRead(deps, req, {}, (tx) => findUser(tx, req.params.id));
      if (!user) throw notFound('User');
      setVersionTag(reply, user.version);
      return { data: user };
    },
  );

  app.post(
    '/users',
    {
      schema: {
        summary: 'Create a user and mail them an invitation',
        tags: ['users'],
        body: createUserBody,
        response: { 201: itemResponse(userSchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'users', 'create');
      const body = req.body;
      return runWrite(deps, req, reply, { status: 201 }, async (tx, auth) => {
        await assertRoleInCompany(tx, body.roleId);
        const email = body.emailId.toLowerCase();
        const id = await insertUser(tx, {
          companyId: auth.companyId,
          email,
          firstName: body.firstName,
          lastName: body.lastName,
          name: body.name ?? [body.firstName, body.lastName].filter(Boolean).join(' '),
          roleId: body.roleId ?? null,
        });
        const inviter = await findUser(tx, auth.userId);
        await inviteUser(tx, deps, {
          companyId: auth.companyId,
          userId: id,
          email,
          invitedByName: inviter?.name ?? 'Your administrator',
          invitedByUserId: auth.userId,
          requestId: req.id,
        });
        const created = (await findUser(tx, id))!;
        await auditChange(tx, req, auth, {
          action: 'user.create',
          entity: 'user',
          entityId: id,
          after: auditable(created),
        });
        return { data: created };
      });
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/users/:id',
    schema: {
      summary: 'Update a user (optimistic concurrency: send `version` or `If-Match`)',
      tags: ['users'],
      params: idParams,
      body: updateUserBody,
      response: { 200: itemResponse(userSchema) },
    },
    handler: async (req, reply) => {
      assertPermission(requireAuthContext(req), 'users', 'update');
      const { version: bodyVersion, ...patch } = req.body;
      const expected = expectedVersion(req, bodyVersion);
      const result = await runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findUser(tx, req.params.id, { lock: true });
        if (!before) throw notFound('User');
        assertVersion(before.version, expected, 'The user');
        if (
          before._id === auth.userId &&
          (patch.disabled === true || (patch.roleId !== undefined && patch.roleId !== before.roleId))
        ) {
          throw forbidden('You cannot disable yourself or change your own role');
        }
        await assertRoleInCompany(tx, patch.roleId);
        await updateUser(tx, before._id, patch);
        const after = (await findUser(tx, before._id))!;
        let revokedSessions = 0;
        if (after.disabled && !before.disabled) {
          revokedSessions = await revokeUserSessions(tx, after._id, 'user disabled');
        }
        await auditChange(tx, req, auth, {
          action: 'user.update',
          entity: 'user',
          entityId: after._id,
          before: auditable(before),
          after: auditable(after),
          ...(revokedSessions > 0 ? { extra: { revokedSessions } } : {}),
        });
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
            companyId: auth.companyId,
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
        return { data: after };
      });
      setVersionTag(reply, result.data.version);
      return result;
    },
  });

  app.delete(
    '/users/:id',
    {
      schema: {
        summary: 'Delete a user; their sessions end at once',
        tags: ['users'],
        params: idParams,
        response: { 200: itemResponse(z.object({ _id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'users', 'delete');
      return runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findUser(tx, req.params.id, { lock: true });
        if (!before) throw notFound('User');
        if (before._id === auth.userId) throw forbidden('You cannot delete yourself');
        const revokedSessions = await revokeUserSessions(tx, before._id, 'user deleted');
        await deleteUser(tx, before._id);
        await auditChange(tx, req, auth, {
          action: 'user.delete',
          entity: 'user',
          entityId: before._id,
          before: auditable(before),
          extra: { revokedSessions },
        });
        return { data: { _id: before._id, deleted: true as const } };
      });
    },
  );
}
