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
  // Shipments, their containers, cargo, milestones and documents; `charges` for their money.
  'shipments',
] as const;

/** The four actions every module has, then the actions only some modules have (MODULE_EXTRA_ACTIONS). */
export const STANDARD_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export const PERMISSION_ACTIONS = [...STANDARD_ACTIONS, 'charges'] as const;

export type PermissionModule = (typeof PERMISSION_MODULES)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export type Permissions = Partial<Record<PermissionModule, PermissionAction[]>>;

/**
 * Actions a module has besides the four. `shipments.charges`: see and change a job's money (its charges,
 * profit and the money figures of reports and the dashboard; issue 26). Admin holds it, Operations not.
 */
export const MODULE_EXTRA_ACTIONS: Readonly<Partial<Record<PermissionModule, readonly PermissionAction[]>>> = {
  shipments: ['charges'],
};

/** The actions `module` has, in the order of PERMISSION_ACTIONS. */
export function moduleActions(module: PermissionModule): PermissionAction[] {
  return [...STANDARD_ACTIONS, ...(MODULE_EXTRA_ACTIONS[module] ?? [])];
}

export function allPermissions(): Permissions {
  return Object.fromEntries(PERMISSION_MODULES.map((m) => [m, moduleActions(m)])) as Permissions;
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
  shipmentCharge: 'shipments',
  shipmentDocument: 'shipments',
};

/**
 * The action an entity's entries need on its module when it is not `read`: a job's charges are money, so
 * their history is for the roles that hold `shipments.charges`.
 */
export const AUDIT_ENTITY_ACTIONS: Readonly<Record<string, PermissionAction>> = {
  shipmentCharge: 'charges',
};
