/**
 * iamserver: the session calls of docs/api.md section 4.
 */
import type { FastifyRequest } from 'fastify';
import {
  accessTokenAnswerSchema,
  configKeyAnswerSchema,
  fetchUserAnswerSchema,
  googleMapKeyAnswerSchema,
  loginBodySchema,
  logoutAnswerSchema,
  signInAnswerSchema,
  tokenPairSchema,
  verifyCodeBodySchema,
} from '../../../../src/shared/contracts/session.ts';
import { authenticate, sessionRevoked, verifyAccessClaims } from '../../../auth/authenticate.ts';
import { bearer } from '../../../auth/token-service.ts';
import { unauthenticated } from '../../../http/api-error.ts';
import { ACCOUNT_BODY_LIMIT } from '../../../http/body-limits.ts';
import type { ServiceModule } from '../../../http/build-service-app.ts';
import { itemResponse } from '../../../http/list-query.ts';
import { readCurrentUser } from './current-user-repository.ts';
import { signInAnswer } from './sign-in-answer.ts';
import {
  login,
  logout,
  refreshTokenInvalid,
  renewAccessToken,
  rotateRefreshToken,
  verifyTwoFactorCode,
  type ClientInfo,
} from './session-service.ts';

function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua : '', requestId: req.id };
}

function refreshHeader(req: FastifyRequest): string {
  const token = bearer(req.headers['x-refresh-token']);
  if (!token) throw refreshTokenInvalid();
  return token;
}

export const sessionModule: ServiceModule = async (app, deps) => {
  app.post(
    '/auth/login',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      schema: {
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: itemResponse(signInAnswerSchema) },
      },
    },
    async (req) => {
      return { data: signInAnswer(await login(deps, req.body, clientInfo(req))) };
    },
  );

  app.post(
    '/auth/verify-code',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      schema: {
        summary: 'Complete a two-factor sign-in with the mailed 6-digit code',
        body: verifyCodeBodySchema,
        response: { 200: itemResponse(tokenPairSchema) },
      },
    },
    async (req) => ({ data: await verifyTwoFactorCode(deps, req.body, clientInfo(req)) }),
  );

  app.get(
    '/auth/token',
    {
      schema: {
        summary: 'Renew the access token (the access token sent may be expired)',
        response: { 200: itemResponse(accessTokenAnswerSchema) },
      },
    },
    async (req) => ({
      data: {
        accessToken: await renewAccessToken(
          deps,
          refreshHeader(req),
          bearer(req.headers.authorization),
          clientInfo(req),
        ),
      },
    }),
  );

  app.get(
    '/auth/refresh',
    {
      schema: {
        summary: 'Renew both tokens; the refresh token sent is used up',
        response: { 200: itemResponse(tokenPairSchema) },
      },
    },
    async (req) => ({
      data: await rotateRefreshToken(deps, refreshHeader(req), bearer(req.headers.authorization), clientInfo(req)),
    }),
  );

  app.post(
    '/auth/logout',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      schema: {
        summary: 'Revoke the session at once',
        response: { 200: itemResponse(logoutAnswerSchema) },
      },
    },
    async (req) => {
      const done = await logout(
        deps,
        bearer(req.headers['x-refresh-token']),
        bearer(req.headers.authorization),
        clientInfo(req),
      );
      if (!done) throw unauthenticated('No session to sign out of');
      return { data: { ok: true as const } };
    },
  );

  // Not behind the `authenticate` pre-handler: the session check runs in the same statement as the read
  // (the most frequent call of the product, one round trip). Same answers: 401 with the CONTRACT codes.
  app.get(
    '/fetch-user',
    {
      schema: {
        summary: 'The current user with company and products',
        response: { 200: itemResponse(fetchUserAnswerSchema) },
      },
    },
    async (req) => {
      const claims = await verifyAccessClaims(deps, req);
      const { sessionLive, user } = await readCurrentUser(deps.db, claims);
      if (!sessionLive || !user) throw sessionRevoked();
      return { data: [user] };
    },
  );

  await app.register(async (authed) => {
    authed.addHook('onRequest', authenticate(deps));

    authed.get(
      '/auth/fetch-google-map-key',
      { schema: { response: { 200: itemResponse(googleMapKeyAnswerSchema) } } },
      async () => ({ data: { googleMapKey: deps.config.googleMapKey } }),
    );

    authed.get(
      '/auth/fetch-config-key',
      { schema: { response: { 200: itemResponse(configKeyAnswerSchema) } } },
      async () => ({ data: { pendoKey: deps.config.pendoKey } }),
    );
  });
};
