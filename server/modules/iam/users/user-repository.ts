/**
 * SQL for the `/users` resource. Runs inside a tenant transaction: row-level security limits every
 * statement to the caller's company.
 */
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.ts';
import { containsPattern, type ListQuery } from '../../../http/list-query.ts';
import {
  deleteById,
  findById,
  isoTimestamp,
  orderByClause,
  selectPage,
  updateVersioned,
} from '../../../http/list-sql-repository.ts';

export { USER_SORT_FIELDS, type UserSortField } from '../../../../src/shared/contracts/users.ts';
import type { userSchema, UserSortField } from '../../../../src/shared/contracts/users.ts';

const SORT_COLUMNS: Record<UserSortField, string> = {
  name: 'u.name',
  emailId: 'lower(u.email)',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  createdAt: 'u.created_at',
  updatedAt: 'u.updated_at',
};

/** A user as the `/users` resource answers it (the shared contract). */
export type UserItem = z.infer<typeof userSchema>;

const SELECT_USER = `SELECT u.id, u.version, u.company_id, u.name, u.email, u.first_name, u.last_name, u.email_verified,
        u.disabled, u.is_super_admin, u.role_id, r.name AS role_name, u.phone, u.avatar_file_id, u.created_at, u.updated_at,
        (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id) AS last_sign_in_at
   FROM users u LEFT JOIN roles r ON r.id = u.role_id`;

function toUser(r: Record<string, unknown>): UserItem {
  return {
    _id: r.id as string,
    version: r.version as number,
    companyId: r.company_id as string,
    name: r.name as string,
    emailId: r.email as string,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    emailVerified: r.email_verified as boolean,
    disabled: r.disabled as boolean,
    isSuperAdmin: r.is_super_admin as boolean,
    roleId: (r.role_id as string | null) ?? null,
    roleName: (r.role_name as string | null) ?? null,
    phone: (r.phone as string | null) ?? '',
    avatarFileId: (r.avatar_file_id as string | null) ?? null,
    lastSignInAt: r.last_sign_in_at == null ? null : isoTimestamp(r.last_sign_in_at),
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
  };
}

const SEARCH = `(u.name ILIKE $1 OR u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1)`;

export async function listUsers(
  tx: Queryable,
  query: ListQuery<UserSortField>,
): Promise<{ items: UserItem[]; total: number }> {
  const where = query.search ? `WHERE ${SEARCH}` : 'WHERE $1::text IS NULL';
  const pattern = query.search ? containsPattern(query.search) : null;
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 'u.id');
  return selectPage(
    tx,
    { select: SELECT_USER, countFrom: 'users u', where, params: [pattern], orderBy },
    query,
    toUser,
  );
}

export async function findUser(
  tx: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<UserItem | undefined> {
  return findById(tx, SELECT_USER, id, toUser, { ...options, alias: 'u' });
}

export async function insertUser(
  tx: Queryable,
  user: { companyId: string; email: string; name: string; firstName: string; lastName: string; roleId: string | null },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO users (company_id, email, name, first_name, last_name, role_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [user.companyId, user.email, user.name, user.firstName, user.lastName, user.roleId],
  );
  return rows[0]!.id;
}

export interface UserPatch {
  name?: string;
  firstName?: string;
  lastName?: string;
  roleId?: string | null;
  disabled?: boolean;
  phone?: string;
  avatarFileId?: string | null;
}

const PATCH_COLUMNS: Record<keyof UserPatch, string> = {
  name: 'name',
  firstName: 'first_name',
  lastName: 'last_name',
  roleId: 'role_id',
  disabled: 'disabled',
  phone: 'phone',
  avatarFileId: 'avatar_file_id',
};

export async function updateUser(tx: Queryable, id: string, patch: UserPatch): Promise<void> {
  await updateVersioned(tx, 'users', id, patch, PATCH_COLUMNS);
}

export async function deleteUser(tx: Queryable, id: string): Promise<boolean> {
  return deleteById(tx, 'users', id);
}

/** The ids among `ids` that are users of the transaction's company. */
export async function existingUserIds(tx: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** Users as the resource kit uses them. */
export const userRepository = {
  list: listUsers,
  find: findUser,
  insert: insertUser,
  update: updateUser,
  remove: deleteUser,
};

/** Whether an e-mail address already signs in somewhere (system transaction: addresses are unique across tenants). */
export async function isEmailTaken(tx: Queryable, email: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
  return rows.length > 0;
}

/** A user who signs in with a password from the start: the demo seed's users and the command line's admin. */
export async function insertUserWithPassword(
  tx: Queryable,
  user: {
    companyId: string;
    email: string;
    name: string;
    firstName: string;
    lastName: string;
    roleId: string;
    passwordHash: string;
    emailVerified: boolean;
    isSuperAdmin: boolean;
  },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO users (company_id, email, name, first_name, last_name, password_hash, email_verified, role_id, is_super_admin)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      user.companyId,
      user.email,
      user.name,
      user.firstName,
      user.lastName,
      user.passwordHash,
      user.emailVerified,
      user.roleId,
      user.isSuperAdmin,
    ],
  );
  return rows[0]!.id;
}
