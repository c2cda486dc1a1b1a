/**
 * The scopes a kit resource can live in: who may call its routes (checked right after authentication,
 * before validation), where its SQL runs, and which record an item route means.
 *
 * - `tenant` (default): the caller's company, or the one the definition's `tenant` names, under row-level
 *   security; each route needs `{ module: permission, action }`, where `action` is the route's own (read,
 *   create, update, delete) unless the access names one action for every route (`shipments.charges`).
 * - `system`: every company, as the system role (no tenant transaction); super admins only, everyone else
 *   gets 403 "Only a super admin can do this" (the app-admin console).
 * - `system-for-super-admins`: each route needs its permission; a super admin then works across every
 *   company as the system role, everyone else inside their own (the issue tracker).
 * - `own`: the caller's own record at the collection path itself (`GET|PATCH /profile`), no id in the
 *   path and no permission: the record is the caller's by construction.
 */
import type { FastifyRequest } from 'fastify';
import type { PermissionAction, PermissionModule } from '../../src/shared/permissions.ts';
import { forbidden } from './api-error.ts';
import { requireAuthContext } from './auth-context.ts';
import type { CallPlace, RouteGuard } from './resource-list.ts';
import { requires } from './route-permission.ts';

export type ResourceScope = 'tenant' | 'system' | 'system-for-super-admins' | 'own';

/** Who may use a resource and where it runs; `permission` is what `tenant` scopes check. */
export type ResourceAccess =
  | { scope?: 'tenant' | 'system-for-super-admins'; permission: PermissionModule; action?: PermissionAction }
  | { scope: 'system' | 'own'; permission?: never };

/**
 * A route-level `onRequest` hook: it runs after the scope's authentication and before the body is read,
 * so a caller who is not a super admin is refused before anything about the request is looked at.
 */
export async function requireSuperAdmin(req: FastifyRequest): Promise<void> {
  if (!requireAuthContext(req).isSuperAdmin) throw forbidden('Only a super admin can do this');
}

/** What a route of the resource declares so that its caller is checked before validation. */
export function routeGuard(access: ResourceAccess, action: PermissionAction): RouteGuard {
  switch (access.scope) {
    case 'system':
      return { onRequest: requireSuperAdmin };
    case 'own':
      return {};
    default:
      return { config: { permission: requires(access.permission, access.action ?? action) } };
  }
}

/**
 * Where a call runs. `tenantOf` is the definition's `tenant` (a company chosen by the route), used by the
 * `tenant` scope only.
 */
export function callPlace(
  access: ResourceAccess,
  req: FastifyRequest,
  tenantOf: (req: FastifyRequest) => string | undefined,
): CallPlace {
  switch (access.scope) {
    case 'system':
      return { scope: 'system' };
    case 'system-for-super-admins':
      return requireAuthContext(req).isSuperAdmin ? { scope: 'system' } : {};
    case 'own':
      return {};
    default: {
      const companyId = tenantOf(req);
      return companyId ? { companyId } : {};
    }
  }
}

/** The label of the permission a scope's routes need, for the OpenAPI tag when none is given. */
export function accessTag(access: ResourceAccess, entity: string): string {
  return access.permission ?? entity;
}
