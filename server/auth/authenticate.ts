/**
 * The authentication hook every protected route uses: verifies the access token and checks, on
 * every call, that its session is live and its user enabled, so that a logout, a disabled user or a
 * password reset takes effect on the very next call whatever the token's age.
 */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, ERROR_MESSAGES } from '../../src/shared/api-envelope.ts';
import { ApiError, unauthenticated } from '../http/api-error.ts';
import type { ServiceDeps } from '../http/build-service-app.ts';
import type { AuthContext } from '../http/auth-context.ts';
import { assertRoutePermission } from '../http/route-permission.ts';
import { readSessionPrincipal } from './session-repository.ts';
import { bearer, type AccessClaims } from './token-service.ts';

export const accessTokenExpired = () =>
  new ApiError(401, ERROR_CODES.ACCESS_TOKEN_EXPIRED, ERROR_MESSAGES.ACCESS_TOKEN_EXPIRED);
export const accessTokenInvalid = () => new ApiError(401, ERROR_CODES.ACCESS_TOKEN_INVALID, 'access token is invalid');
export const sessionRevoked = () =>
  new ApiError(401, ERROR_CODES.SESSION_REVOKED, 'Your session has ended. Please sign in again.');

/** The verified claims of the request's access token (no database): 401 with the CONTRACT codes otherwise. */
export async function verifyAccessClaims(deps: ServiceDeps, req: FastifyRequest): Promise<AccessClaims> {
  const token = bearer(req.headers.authorization);
  if (!token) throw unauthenticated('Sign in to continue (no access token was sent)');
  const result = await deps.tokens.verifyAccessToken(token, deps.now());
  if (!result.ok) throw result.reason === 'expired' ? accessTokenExpired() : accessTokenInvalid();
  return result.claims;
}

export async function resolveAuthContext(deps: ServiceDeps, req: FastifyRequest): Promise<AuthContext> {
  const claims = await verifyAccessClaims(deps, req);
  // One statement, scoped to the token's company (migration 009), on every call.
  const principal = await readSessionPrincipal(deps.db, claims);
  if (!principal || principal.sessionRevoked || principal.userDisabled) throw sessionRevoked();
  return {
    userId: principal.userId,
    companyId: principal.companyId,
    sessionId: claims.sessionId,
    email: principal.email,
    roleId: principal.roleId,
    permissions: principal.permissions,
    isSuperAdmin: principal.isSuperAdmin,
    subscriptionExpired: principal.subscriptionExpired,
  };
}

/**
 * `scope.addHook('onRequest', authenticate(deps))`: every route of the scope needs a live session, and
 * the permission the route declares (`config.permission`) is checked at once. `onRequest` runs before
 * Fastify reads the body, so a caller who may not use the route is answered without a byte of it being
 * read (a 7 MB import without a token is refused at its headers), and before anything is validated.
 */
export function authenticate(deps: ServiceDeps) {
  return async (req: FastifyRequest): Promise<void> => {
    req.auth = await resolveAuthContext(deps, req);
    assertRoutePermission(req);
  };
}
