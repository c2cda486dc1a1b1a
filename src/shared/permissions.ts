/**
 * Permissions are module x action. A role holds, per module, the actions it allows.
 * Shared by the services (which check them on every route) and the app (which hides what is not allowed).
 */
export const PERMISSION_MODULES = [
  'users',
  'roles',
  'company',
  'groups',
  'products',
  'contacts',
  'mail',
  'files',
  'reports',
  'notifications',
  'audit',
  'reference',
  'issues',
  'masterData',
  // The sign-in mail templates (invitation, password reset, verification, sign-in code), on top of `mail`.
  'templates',
] as const;

export const PERMISSION_ACTIONS = ['read', 'create', 'update', 'delete'] as const;

export type PermissionModule = (typeof PERMISSION_MODULES)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export type Permissions = Partial<Record<PermissionModule, PermissionAction[]>>;

export function allPermissions(): Permissions {
  return Object.fromEntries(PERMISSION_MODULES.map((m) => [m, [...PERMISSION_ACTIONS]])) as Permissions;
}

export function can(permissions: Permissions, module: PermissionModule, action: PermissionAction): boolean {
  return permissions[module]?.includes(action) ?? false;
}
