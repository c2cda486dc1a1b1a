/**
 * SQL for the `/roles` resource, inside a tenant transaction.
 */
import type { Permissions } from '../../../../src/shared/permissions.ts';
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.ts';
import { containsPattern, type ListQuery } from '../../../http/list-query.ts';
import {
  findById,
  isoTimestamp,
  orderByClause,
  selectPage,
  updateVersioned,
} from '../../../http/list-sql-repository.ts';

export { ROLE_SORT_FIELDS, type RoleSortField } from '../../../../src/shared/contracts/roles.ts';
import type { roleSchema, RoleSortField } from '../../../../src/shared/contracts/roles.ts';

const SORT_COLUMNS: Record<RoleSortField, string> = {
  name: 'lower(name)',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** A role as the `/roles` resource answers it (the shared contract). */
export type RoleItem = z.infer<typeof roleSchema>;

const SELECT_ROLE = `SELECT id, version, company_id, name, description, permissions, is_system, created_at, updated_at,
       (SELECT count(*)::int FROM users u WHERE u.role_id = roles.id) AS user_count
  FROM roles`;

function toRole(r: Record<string, unknown>): RoleItem {
  const permissions = typeof r.permissions === 'string' ? JSON.parse(r.permissions) : r.permissions;
  return {
    _id: r.id as string,
    version: r.version as number,
    companyId: r.company_id as string,
    name: r.name as string,
    description: r.description as string,
    permissions: (permissions ?? {}) as RoleItem['permissions'],
    isSystem: r.is_system as boolean,
    userCount: Number(r.user_count ?? 0),
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
  };
}

export async function listRoles(
  tx: Queryable,
  query: ListQuery<RoleSortField>,
): Promise<{ items: RoleItem[]; total: number }> {
  const where = query.search ? 'WHERE (name ILIKE $1 OR description ILIKE $1)' : 'WHERE $1::text IS NULL';
  const pattern = query.search ? containsPattern(query.search) : null;
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 'id');
  return selectPage(tx, { select: SELECT_ROLE, countFrom: 'roles', where, params: [pattern], orderBy }, query, toRole);
}

export async function findRole(
  tx: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<RoleItem | undefined> {
  return findById(tx, SELECT_ROLE, id, toRole, options);
}

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

const PATCH_COLUMNS: Record<keyof RolePatch, string> = {
  name: 'name',
  description: 'description',
  permissions: 'permissions',
};

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
