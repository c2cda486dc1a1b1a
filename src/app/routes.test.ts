import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isRouteHandle, matchesRequireAuth, type RouteName } from './route-handle';
import { routes } from './routes';
import { isFramePath } from '../shared/frame-snapshot';

/** docs/product-rules.md section 2, one row per route, with a concrete path for each parameter (and the product's own: /contacts). */
const SPEC_ROUTES: ReadonlyArray<readonly [path: string, name: RouteName, requiresAuth: boolean]> = [
  ['/dashboard', 'dashboard', true],
  ['/login', 'login', false],
  ['/account-reset/confirm', 'accountResetConfirm', false],
  ['/socialSignIn', 'socialSignIn', false],
  ['/socialSignIn/failure', 'socialSignInFailure', false],
  ['/notFound', 'notFound', true],
  ['/accounts/roles/create/', 'roleCreate', true],
  ['/settings/roles/42', 'roleEdit', true],
  ['/settings', 'settings', true],
  ['/settings/profile', 'settingsProfile', true],
  ['/settings/company', 'settingsCompany', true],
  ['/settings/users', 'settingsUsers', true],
  ['/settings/users/42', 'settingsUserEdit', true],
  ['/settings/roles', 'settingsRoles', true],
  ['/settings/picklist', 'settingsPicklist', true],
  ['/settings/oceanport', 'settingsPorts', true],
  ['/settings/countries', 'settingsCountries', true],
  ['/settings/templates', 'settingsTemplates', true],
  ['/settings/templates/7/email', 'settingsTemplateUpdate', true],
  ['/settings/currencies', 'settingsCurrencies', true],
  ['/settings/business-types', 'settingsBusinessTypes', true],
  ['/settings/receiving-locations', 'settingsReceivingLocations', true],
  ['/contacts', 'contacts', true],
  ['/contacts/tags', 'contactTags', true],
  ['/shipments', 'shipments', true],
  ['/shipments/4b0c6f9e-1d2a-4c3b-8e5f-6a7b8c9d0e1f', 'shipment', true],
  ['/outbox', 'outbox', true],
  ['/reports', 'reports', true],
  ['/reports/7', 'report', true],
  ['/app-admin', 'appAdmin', true],
  ['/settings/issues', 'settingsIssues', true],
];

function resolve(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches.at(-1)?.route;
  return {
    matches,
    leaf,
    handle: isRouteHandle(leaf?.handle) ? leaf.handle : undefined,
    requiresAuth: matchesRequireAuth(matches.map((match) => match.route)),
  };
}

function* walk(table: readonly RouteObject[]): Generator<RouteObject> {
  for (const route of table) {
    yield route;
    if (route.children) yield* walk(route.children);
  }
}

describe('route table', () => {
  it('opens a new shipment on the shipment screen, which starts empty for `new`', () => {
    expect(resolve('/shipments/new').handle).toEqual({ name: 'shipment', requiresAuth: true });
  });

  it.each(SPEC_ROUTES)('%s resolves to %s (requiresAuth %s)', (path, name, requiresAuth) => {
    const resolved = resolve(path);
    expect(resolved.handle).toEqual({ name, requiresAuth });
    expect(resolved.requiresAuth).toBe(requiresAuth);
  });

  it('treats / as the public home redirect', () => {
    expect(resolve('/').handle).toEqual({ name: 'home', requiresAuth: false });
  });

  it.each(['/no-such-page', '/settings/roles/42/extra', '/dashboard/x'])(
    'sends unknown path %s to the public not-found catch-all',
    (path) => {
      expect(resolve(path).handle).toEqual({ name: 'catchAll', requiresAuth: false });
    },
  );

  it('gives every route a handle with a unique name', () => {
    const names = [...walk(routes)].map((route) => {
      if (!isRouteHandle(route.handle)) throw new Error(`route ${route.path ?? '(index)'} has no handle`);
      return route.handle.name;
    });
    expect(new Set(names).size).toBe(names.length);
  });

  it('lazy-loads every screen but sign-in, so the first load carries only the shell and the login form', () => {
    const screens = [...walk(routes)].filter((route) => route.id !== 'root' && !route.index);
    expect(screens).toHaveLength(SPEC_ROUTES.length + 1); // + the catch-all
    for (const route of screens) {
      const isLogin = (route.handle as { name: string }).name === 'login';
      expect(route.lazy, `route ${route.path}`).toBeTypeOf(isLogin ? 'undefined' : 'function');
      expect(route.Component, `route ${route.path}`).toBeTypeOf(isLogin ? 'function' : 'undefined');
    }
  });

  it('declares every row of docs/product-rules.md section 2', () => {
    const declared = new Set([...walk(routes)].map((route) => (route.handle as { name: string }).name));
    for (const [, name] of SPEC_ROUTES) expect(declared).toContain(name);
  });
});

describe('the paths the worker draws the signed-in frame for (src/shared/frame-snapshot.ts)', () => {
  it('are the signed-in screens and none of the public ones', () => {
    for (const [path, , requiresAuth] of SPEC_ROUTES) {
      expect({ path, frame: isFramePath(path) }).toEqual({ path, frame: requiresAuth });
    }
    // "/" is sent on to /dashboard; an unknown path shows the not-found screen, in the frame when signed in.
    expect(isFramePath('/')).toBe(true);
    expect(isFramePath('/login')).toBe(false);
  });
});
