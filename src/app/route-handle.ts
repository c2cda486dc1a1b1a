/**
 * The metadata every route carries as its `handle` (docs/product-rules.md sections 2 and 6): a stable name for the
 * screen and whether it needs a signed-in user. Guards, analytics and the later logout flow read this
 * instead of matching paths, so the route table stays the one place that decides.
 */
export interface RouteHandle {
  name: RouteName;
  requiresAuth: boolean;
}

export type RouteName =
  | 'root'
  | 'home'
  | 'dashboard'
  | 'contacts'
  | 'contactTags'
  | 'shipments'
  | 'shipment'
  | 'outbox'
  | 'reports'
  | 'report'
  | 'appAdmin'
  | 'login'
  | 'accountResetConfirm'
  | 'socialSignIn'
  | 'socialSignInFailure'
  | 'notFound'
  | 'catchAll'
  | 'roleCreate'
  | 'roleEdit'
  | 'settings'
  | 'settingsProfile'
  | 'settingsCompany'
  | 'settingsUsers'
  | 'settingsUserEdit'
  | 'settingsRoles'
  | 'settingsPicklist'
  | 'settingsPorts'
  | 'settingsCountries'
  | 'settingsTemplates'
  | 'settingsTemplateUpdate'
  | 'settingsCurrencies'
  | 'settingsBusinessTypes'
  | 'settingsReceivingLocations'
  | 'settingsIssues';

export function isRouteHandle(value: unknown): value is RouteHandle {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RouteHandle>;
  return typeof candidate.name === 'string' && typeof candidate.requiresAuth === 'boolean';
}

/**
 * True when any matched route asks for a signed-in user. "Any", not "the deepest": a public child
 * placed under a protected parent by mistake must not open the parent's area.
 */
export function matchesRequireAuth(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((match) => isRouteHandle(match.handle) && match.handle.requiresAuth);
}
