/**
 * Who is calling: set on the request by the authentication pre-handler of the iam module
 * (`server/auth/authenticate.ts`) from a verified access token whose session is still live.
 * Routes read it through `requireAuthContext` and run their SQL through `tenantTransaction`, so that
 * row-level security scopes every query to the caller's company.
 */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/shared/api-envelope.ts';
import { can, type PermissionAction, type PermissionModule, type Permissions } from '../../src/shared/permissions.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, forbidden, unauthenticated } from './api-error.ts';
import type { ServiceDeps } from './build-service-app.ts';

export interface AuthContext {
  userId: string;
  companyId: string;
  sessionId: string;
  email: string;
  roleId: string | null;
  permissions: Permissions;
  isSuperAdmin: boolean;
  /** The company's plan has expired (expiry date before today). */
  subscriptionExpired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export function requireAuthContext(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthenticated();
  return req.auth;
}

export function assertPermission(auth: AuthContext, module: PermissionModule, action: PermissionAction): void {
  if (!can(auth.permissions, module, action)) throw forbidden();
}

export function assertSubscriptionActive(auth: AuthContext): void {
  if (auth.subscriptionExpired) {
    throw new ApiError(
      403,
      ERROR_CODES.SUBSCRIPTION_EXPIRED,
      'Your Subscription has been expired. Please Contact Support Team',
    );
  }
}

/** Runs `fn` in one transaction scoped to the caller's company (row-level security applies). */
export function tenantTransaction<T>(
  deps: ServiceDeps,
  req: FastifyRequest,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const auth = requireAuthContext(req);
  return deps.db.transaction({ role: 'freight_app', companyId: auth.companyId, userId: auth.userId }, fn);
}
