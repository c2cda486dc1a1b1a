/**
 * What the signed-in user's role allows, read from the session (`fetch-user` brings the role and its
 * permissions). The same rule as the services (`can` in src/shared/permissions.ts): the app hides what
 * the server would refuse, and the server refuses it anyway.
 */
import {
  can,
  PERMISSION_ACTIONS,
  PERMISSION_MODULES,
  type PermissionAction,
  type PermissionModule,
  type Permissions,
} from '../../shared/permissions';

/** The part of the session's current user (`fetch-user`) that permissions are read from. */
export interface UserWithRole {
  role: { permissions: Record<string, string[]> } | null;
}

/** The role's permissions, keeping only known modules and actions (a role row is data, not code). */
export function permissionsOf(user: UserWithRole | null | undefined): Permissions {
  const raw = user?.role?.permissions ?? {};
  const result: Permissions = {};
  for (const module of PERMISSION_MODULES) {
    const actions = raw[module];
    if (!Array.isArray(actions)) continue;
    result[module] = PERMISSION_ACTIONS.filter((action) => actions.includes(action));
  }
  return result;
}

export function userCan(
  user: UserWithRole | null | undefined,
  module: PermissionModule,
  action: PermissionAction,
): boolean {
  return can(permissionsOf(user), module, action);
}

/** What a record dialog offers a role. */
export interface RecordActions {
  /** Save: `create` for a new record, `update` for a stored one. Without it the form is only read. */
  save: boolean;
  /** Delete (a stored record only): `delete`, whatever else the role holds. */
  remove: boolean;
}

/** Each action of a record by its own permission: a role that may update may not delete for that. */
export function recordActions(
  user: UserWithRole | null | undefined,
  module: PermissionModule,
  stored: boolean,
): RecordActions {
  const permissions = permissionsOf(user);
  return {
    save: can(permissions, module, stored ? 'update' : 'create'),
    remove: stored && can(permissions, module, 'delete'),
  };
}
