/**
 * iamserver routes of the mail-borne account flows and the password policy:
 * password reset (`/auth/reset-password-link`, `/auth/valid-url`, `/auth/reset-password`), e-mail
 * verification (`/auth/send-verify-email`, `/auth/verify-email`), invitations (`/auth/accept-invitation`)
 * and `GET /auth/password-policy`. Tokens travel only in request bodies, never in API URLs.
 */
import type { FastifyRequest } from 'fastify';
import {
  okAnswerSchema,
  okWithEmailAnswerSchema,
  resetLinkBodySchema,
  sendVerifyEmailBodySchema,
  setPasswordBodySchema,
  validUrlAnswerSchema,
  validUrlBodySchema,
  verifyEmailBodySchema,
} from '../../../../src/shared/contracts/account-recovery.ts';
import { passwordPolicySchema } from '../../../../src/shared/contracts/session.ts';
import { authenticate } from '../../../auth/authenticate.ts';
import { requireAuthContext } from '../../../http/auth-context.ts';
import type { ServiceDeps, ServiceModule } from '../../../http/build-service-app.ts';
import { itemResponse } from '../../../http/list-query.ts';
import { sendVerificationEmail, verifyEmail } from './email-verification-service.ts';
import { acceptInvitation } from './invitation-service.ts';
import { productPasswordPolicy } from '../passwords/password-policy-service.ts';
import { checkAccountLink, requestPasswordReset, resetPassword } from './password-reset-service.ts';
import { ACCOUNT_BODY_LIMIT } from '../../../http/body-limits.ts';

export interface AccountRecoveryModuleOptions {
  /** The pre-handler that sets `req.auth` on authenticated routes (tests substitute their own). */
  authenticate?: (deps: ServiceDeps) => (req: FastifyRequest) => Promise<void>;
}

const ok = itemResponse(okAnswerSchema);
const okWithEmail = itemResponse(okWithEmailAnswerSchema);

export function createAccountRecoveryModule(options: AccountRecoveryModuleOptions = {}): ServiceModule {
  const authenticateWith = options.authenticate ?? authenticate;
  return async (app, deps) => {
    app.get(
      '/auth/password-policy',
      {
        schema: {
          summary: 'The password policy every password must meet',
          response: { 200: itemResponse(passwordPolicySchema) },
        },
      },
      async () => ({ data: productPasswordPolicy() }),
    );

    app.post(
      '/auth/reset-password-link',
      {
        bodyLimit: ACCOUNT_BODY_LIMIT,
        schema: {
          summary: 'Mail a password-reset link (the answer is the same whether or not the address has an account)',
          body: resetLinkBodySchema,
          response: { 202: ok },
        },
      },
      async (req, reply) => {
        await requestPasswordReset(deps, { emailId: req.body.emailId, requestId: req.id });
        return reply.code(202).send({ data: { ok: true as const } });
      },
    );

    app.post(
      '/auth/valid-url',
      {
        bodyLimit: ACCOUNT_BODY_LIMIT,
        schema: {
          summary: 'Whether a password-reset or invitation link can still be used',
          body: validUrlBodySchema,
          response: { 200: itemResponse(validUrlAnswerSchema) },
        },
      },
      async (req) => ({ data: await checkAccountLink(deps, req.body.token) }),
    );

    app.post(
      '/auth/reset-password',
      {
        bodyLimit: ACCOUNT_BODY_LIMIT,
        schema: {
          summary: 'Set a new password with a reset link; every session of the user ends',
          body: setPasswordBodySchema,
          response: { 200: okWithEmail },
        },
      },
      async (req) => {
        const { emailId } = await resetPassword(deps, { ...req.body, requestId: req.id });
        return { data: { ok: true as const, emailId } };
      },
    );

    app.post(
      '/auth/verify-email',
      {
        bodyLimit: ACCOUNT_BODY_LIMIT,
        schema: {
          summary: 'Mark the e-mail address of a verification link verified',
          body: verifyEmailBodySchema,
          response: { 200: okWithEmail },
        },
      },
      async (req) => {
        const { emailId } = await verifyEmail(deps, { token: req.body.token, requestId: req.id });
        return { data: { ok: true as const, emailId } };
      },
    );

    app.post(
      '/auth/accept-invitation',
      {
        bodyLimit: ACCOUNT_BODY_LIMIT,
        schema: {
          summary: 'Choose the first password with an invitation link',
          body: setPasswordBodySchema,
          response: { 200: okWithEmail },
        },
      },
      async (req) => {
        const { emailId } = await acceptInvitation(deps, { ...req.body, requestId: req.id });
        return { data: { ok: true as const, emailId } };
      },
    );

    await app.register(async (authed) => {
      authed.addHook('onRequest', authenticateWith(deps));
      authed.post(
        '/auth/send-verify-email',
        {
          bodyLimit: ACCOUNT_BODY_LIMIT,
          schema: {
            summary: 'Mail the signed-in user a link that verifies their e-mail address',
            body: sendVerifyEmailBodySchema,
            response: { 202: ok },
          },
        },
        async (req, reply) => {
          await sendVerificationEmail(deps, requireAuthContext(req), req.id);
          return reply.code(202).send({ data: { ok: true as const } });
        },
      );
    });
  };
}

export const accountRecoveryModule = createAccountRecoveryModule();
