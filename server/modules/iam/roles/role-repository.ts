/**
 * SQL for the `/roles` resource, inside a tenant transaction.
 */
import type { Permissions } from '../../../../src/shared/permissions.ts';
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import { columnTable, jsonValue, updateVersioned, VERSIONED_COLUMNS } from '../../../http/list-sql-repository.ts';

export { ROLE_SORT_FIELDS, type RoleSortField } from '../../../../src/shared/contracts/roles.ts';
import type { roleSchema, RoleSortField } from '../../../../src/shared/contracts/roles.ts';

/** A role as the `/roles` resource answers it (the shared contract). */
export type RoleItem = z.infer<typeof roleSchema>;

const ROLES = columnTable<RoleItem>('roles', {
  ...VERSIONED_COLUMNS,
  companyId: 'company_id',
  name: 'name',
  description: 'description',
  permissions: { column: 'permissions', read: (value) => (jsonValue(value) ?? {}) as RoleItem['permissions'] },
  isSystem: 'is_system',
  userCount: {
    column: 'user_count',
    sql: '(SELECT count(*)::int FROM users u WHERE u.role_id = roles.id)',
    read: (value) => Number(value ?? 0),
  },
});
const SORT_COLUMNS = ROLES.sortColumns<RoleSortField>({ name: 'lower', createdAt: 'exact', updatedAt: 'exact' });

export async function listRoles(
  tx: Queryable,
  query: ListQuery<RoleSortField>,
): Promise<{ items: RoleItem[]; total: number }> {
  const where = query.search ? 'WHERE (name ILIKE $1 OR description ILIKE $1)' : 'WHERE $1::text IS NULL';
  return ROLES.list(tx, query, { where, sortColumns: SORT_COLUMNS });
}

export const findRole = ROLES.find;

export async function insertRole(
  tx: Queryable,
  role: { companyId: string; name: string; description: string; permissions: Permissions; isSystem?: boolean },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO roles (company_id, name, description, permissions, is_system) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [role.companyId, role.name, role.description, JSON.stringify(role.permissions), role.isSystem ?? false],
  );
  return rows[0]!.id;
}

export interface RolePatch {
  name?: string;
  description?: string;
  permissions?: Permissions;
}

const PATCH_COLUMNS: Record<keyof RolePatch, string> = ROLES.columns(['name', 'description', 'permissions']);

export async function updateRole(tx: Queryable, id: string, patch: RolePatch): Promise<void> {
  const row = { ...patch, permissions: patch.permissions ? JSON.stringify(patch.permissions) : undefined };
  await updateVersioned(tx, 'roles', id, row, PATCH_COLUMNS);
}

export async function countUsersWithRole(tx: Queryable, roleId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE role_id = $1', [roleId]);
  return rows[0]?.n ?? 0;
}

export async function deleteRole(tx: Queryable, id: string): Promise<boolean> {
  const { affectedRows } = await tx.query('DELETE FROM roles WHERE id = $1 AND NOT is_system', [id]);
  return affectedRows > 0;
}

/** Roles as the resource kit uses them. */
export const roleRepository = {
  list: listRoles,
  find: findRole,
  insert: insertRole,
  update: updateRole,
  remove: deleteRole,
};

/** Gives every user holding `fromRoleId` the role `toRoleId`; answers how many moved. */
export async function moveUsersToRole(tx: Queryable, fromRoleId: string, toRoleId: string): Promise<number> {
  const { affectedRows } = await tx.query(
    'UPDATE users SET role_id = $2, version = version + 1, updated_at = now() WHERE role_id = $1',
    [fromRoleId, toRoleId],
  );
  return affectedRows;
}

/**
 * Users who could still administer roles if role `roleId` had `permissions`: holders of any role with
 * `roles: update`, counting that role with its new permissions.
 */
export async function countRoleAdminsAfter(tx: Queryable, roleId: string, permissions: Permissions): Promise<number> {
  const keeps = (permissions.roles ?? []).includes('update');
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id
      WHERE NOT u.disabled
        AND (CASE WHEN r.id = $1 THEN $2::boolean ELSE coalesce(r.permissions -> 'roles' ? 'update', false) END)`,
    [roleId, keeps],
  );
  return rows[0]?.n ?? 0;
}
