/**
 * Authorization before validation: a route declares the permission it needs in its options
 * (`config: { permission: requires('roles', 'create') }`), and the authentication hook checks it as soon
 * as it knows the caller, before the body is read (the hook runs at `onRequest`) or anything is validated. A caller without the permission gets
 * 403 whatever they sent, and learns nothing about the route's schema.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PermissionAction, PermissionModule } from '../../src/shared/permissions.ts';
import { assertPermission, requireAuthContext } from './auth-context.ts';

export interface RoutePermission {
  module: PermissionModule;
  action: PermissionAction;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every listed permission is required; checked right after authentication, before validation. */
    permission?: RoutePermission | readonly RoutePermission[];
  }
}

export function requires(module: PermissionModule, action: PermissionAction): RoutePermission {
  return { module, action };
}

/** The permissions the route declares (none for a route any signed-in caller may use). */
export function declaredPermissions(req: FastifyRequest): readonly RoutePermission[] {
  const declared = req.routeOptions.config.permission;
  if (!declared) return [];
  return Array.isArray(declared) ? declared : [declared as RoutePermission];
}

/** Throws 403 FORBIDDEN unless the authenticated caller holds every permission the route declares. */
export function assertRoutePermission(req: FastifyRequest): void {
  const permissions = declaredPermissions(req);
  if (permissions.length === 0) return;
  const auth = requireAuthContext(req);
  for (const { module, action } of permissions) assertPermission(auth, module, action);
}

export interface RouteDeclaration {
  method: string;
  url: string;
  permissions: readonly RoutePermission[];
  /** The route's own body limit, bytes (undefined: the app's `BODY_LIMIT`). */
  bodyLimit?: number;
}

const declarations = new WeakMap<object, RouteDeclaration[]>();

/**
 * Keeps, for the instance, every route as Fastify registers it with the permissions it declares, so
 * that a test can call each one (`routeDeclarations`) and a route added later cannot be forgotten.
 */
export function recordRouteDeclarations(app: FastifyInstance): void {
  const list: RouteDeclaration[] = [];
  declarations.set(app, list);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.permission;
    const permissions = !declared ? [] : Array.isArray(declared) ? declared : [declared as RoutePermission];
    if (permissions.length > 0 && route.schema) {
      // The OpenAPI document says what each route needs (the swagger plugin reads the schema after this hook).
      const needs = `Needs the permission ${permissions.map((p) => `${p.module}.${p.action}`).join(' and ')}.`;
      const description = route.schema.description;
      route.schema = { ...route.schema, description: description ? `${description} ${needs}` : needs };
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      list.push({ method, url: route.url, permissions, bodyLimit: route.bodyLimit });
    }
  });
}

/** The routes of an instance built by `buildServiceApp`, with their declared permissions. */
export function routeDeclarations(app: FastifyInstance): readonly RouteDeclaration[] {
  return declarations.get(app) ?? [];
}
