/**
 * `/profile/password` and `/profile/sessions`: a signed-in user changes their own password (the current
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
} from '../../../../src/shared/contracts/profile.ts';
import { ApiError } from '../../../http/api-error.ts';
import { auditChange } from '../../../http/audit-change.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { itemResponse } from '../../../http/list-query.ts';
import { hashPassword, verifyPassword } from '../passwords/password-hash.ts';
import { assertAcceptablePassword } from '../passwords/password-policy-service.ts';
import { listActiveSessions, readPasswordHash, revokeOtherSessions, writePasswordHash } from './profile-repository.ts';

export function registerProfileRoutes(app: App, deps: ServiceDeps): void {
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
      return runWrite(deps, req, reply, {}, async (tx, auth) => {
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
