/**
 * `/profile` (the kit's own-record scope), `/profile/password` and `/profile/sessions`: a signed-in user
 * reads and edits their own profile, changes their own password (the current
 * one first; the product's password policy; every other session signed out) and sees and ends their
 * other sessions. Nothing here needs a permission: each call acts on the caller alone.
 */
import type { z } from 'zod';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import {
  changePasswordAnswerSchema,
  changePasswordBody,
  ownSessionsAnswerSchema,
  revokeOthersAnswerSchema,
  updateOwnProfileBody,
} from '../../../../src/shared/contracts/profile.ts';
import { userSchema } from '../../../../src/shared/contracts/users.ts';
import { notFound } from '../../../http/api-error.ts';
import { idParams } from '../../../http/list-query.ts';
import { defineResource, registerResource } from '../../../http/resource-kit.ts';
import { findFileContent } from '../../drive/file-repository.ts';
import { assertPictureFile } from './image-file.ts';
import { findUser, updateUser } from './user-repository.ts';
import { auditableUser } from './user-resource.ts';
import { ApiError } from '../../../http/api-error.ts';
import { auditChange } from '../../../http/audit-change.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { itemResponse } from '../../../http/list-query.ts';
import { hashPassword, verifyPassword } from '../passwords/password-hash.ts';
import { assertAcceptablePassword } from '../passwords/password-policy-service.ts';
import { listActiveSessions, readPasswordHash, revokeOtherSessions, writePasswordHash } from './profile-repository.ts';

/**
 * `GET|PATCH /profile`: the caller's own user record (the same item as `/users/{id}`), the kit's
 * own-record scope: read with its `ETag`, changed with the versioned update (names, phone, avatar).
 */
export const profileResource = defineResource({
  path: '/profile',
  entity: 'user',
  label: 'Profile',
  scope: 'own',
  tag: 'profile',
  updateMethods: ['PATCH'],
  schemas: { item: userSchema, update: updateOwnProfileBody },
  repository: { find: findUser, update: updateUser },
  auditable: auditableUser,
  summaries: {
    read: 'The signed-in user’s own profile (the same item as `/users/{id}`)',
    update: 'Changes the signed-in user’s own names, phone and avatar (any role; with `version` or `If-Match`)',
  },
  hooks: {
    beforeUpdate: async ({ tx, auth }, _before, patch) => {
      await assertPictureFile(tx, auth, patch.avatarFileId, 'body.avatarFileId');
      return patch;
    },
  },
});

export function registerProfileRoutes(app: App, deps: ServiceDeps): void {
  registerResource(app, deps, profileResource);

  app.get(
    '/users/:id/avatar',
    {
      schema: {
        summary: 'A user’s avatar image, for anyone signed in to the same company (404 when they have none)',
        tags: ['profile'],
        params: idParams,
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const found = await runRead(deps, req, {}, async (tx) => {
        const user = await findUser(tx, id);
        return user?.avatarFileId ? findFileContent(tx, user.avatarFileId) : undefined;
      });
      if (!found) throw notFound('Avatar');
      return reply
        .header('content-type', found.file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(found.content);
    },
  );

  app.post(
    '/profile/password',
    {
      schema: {
        summary: 'Changes the signed-in user’s password; their other sessions are signed out',
        tags: ['profile'],
        body: changePasswordBody,
        response: { 200: itemResponse(changePasswordAnswerSchema) },
      },
    },
    async (req, reply) => {
      const body = req.body as z.output<typeof changePasswordBody>;
      assertAcceptablePassword(body.newPassword, { path: 'body.newPassword' });
      // The body is nothing but passwords: no digest of it, keyed or not, is kept with the key.
      return runWrite(deps, req, reply, { fingerprintBody: false }, async (tx, auth) => {
        if (!(await verifyPassword(body.currentPassword, await readPasswordHash(tx, auth.userId)))) {
          throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The current password is not right', {
            details: [{ path: 'body.currentPassword', message: 'is not your current password' }],
          });
        }
        await writePasswordHash(tx, auth.userId, await hashPassword(body.newPassword));
        const revokedSessions = await revokeOtherSessions(tx, auth.userId, auth.sessionId, 'password changed');
        await auditChange(tx, req, auth, {
          action: 'user.password_change',
          entity: 'user',
          entityId: auth.userId,
          extra: { revokedSessions },
        });
        return { data: { revokedSessions } };
      });
    },
  );

  app.get(
    '/profile/sessions',
    {
      schema: {
        summary: 'The signed-in user’s active sessions, newest first',
        tags: ['profile'],
        response: { 200: itemResponse(ownSessionsAnswerSchema) },
      },
    },
    async (req) =>
      runRead(deps, req, {}, async (tx, auth) => ({
        data: (await listActiveSessions(tx, auth.userId)).map((s) => ({
          _id: s.id,
          createdAt: s.createdAt,
          userAgent: s.userAgent,
          ip: s.ip,
          current: s.id === auth.sessionId,
        })),
      })),
  );

  app.post(
    '/profile/sessions/revoke-others',
    {
      schema: {
        summary: 'Signs the user out everywhere but here',
        tags: ['profile'],
        response: { 200: itemResponse(revokeOthersAnswerSchema) },
      },
    },
    async (req, reply) =>
      runWrite(deps, req, reply, {}, async (tx, auth) => {
        const revoked = await revokeOtherSessions(tx, auth.userId, auth.sessionId, 'signed out from another session');
        await auditChange(tx, req, auth, {
          action: 'user.sessions_revoked',
          entity: 'user',
          entityId: auth.userId,
          extra: { revoked },
        });
        return { data: { revoked } };
      }),
  );
}
