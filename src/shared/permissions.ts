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
  // Shipments, their containers, cargo and (later) milestones, documents and charges.
  'shipments',
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

/**
 * Which permission module guards each entity of the audit trail: a reader sees an entity's entries only
 * with that module's `read` (besides `audit: read`). An entity missing here is shown to nobody, so a new
 * audited entity stays hidden until it is given its module.
 */
export const AUDIT_ENTITY_MODULES: Readonly<Record<string, PermissionModule>> = {
  user: 'users',
  session: 'users',
  role: 'roles',
  company: 'company',
  group: 'groups',
  product: 'products',
  contact: 'contacts',
  contactTag: 'contacts',
  mail: 'mail',
  mailTemplate: 'mail',
  file: 'files',
  reportSketch: 'reports',
  notification: 'notifications',
  issue: 'issues',
  businessType: 'masterData',
  companyCurrency: 'masterData',
  dropdown: 'masterData',
  dropdownGroup: 'masterData',
  receivingLocation: 'masterData',
  shipment: 'shipments',
  shipmentDocument: 'shipments',
};
