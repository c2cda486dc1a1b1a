/**
 * SQL for the `/users` resource. Runs inside a tenant transaction: row-level security limits every
 * statement to the caller's company.
 */
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import {
  columnTable,
  isoTimestampOrNull,
  updateVersioned,
  VERSIONED_COLUMNS,
} from '../../../http/list-sql-repository.ts';

export { USER_SORT_FIELDS, type UserSortField } from '../../../../src/shared/contracts/users.ts';
import type { userSchema, UserSortField } from '../../../../src/shared/contracts/users.ts';

/** A user as the `/users` resource answers it (the shared contract). */
export type UserItem = z.infer<typeof userSchema>;

const USERS = columnTable<UserItem>(
  'users',
  {
    ...VERSIONED_COLUMNS,
    companyId: 'company_id',
    name: 'name',
    emailId: 'email',
    firstName: 'first_name',
    lastName: 'last_name',
    emailVerified: 'email_verified',
    disabled: 'disabled',
    isSuperAdmin: 'is_super_admin',
    roleId: 'role_id',
    roleName: { column: 'role_name', sql: 'r.name' },
    phone: { column: 'phone', read: (value) => (value as string | null) ?? '' },
    avatarFileId: 'avatar_file_id',
    lastSignInAt: {
      column: 'last_sign_in_at',
      sql: '(SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id)',
      read: isoTimestampOrNull,
    },
  },
  { alias: 'u', joins: 'LEFT JOIN roles r ON r.id = u.role_id' },
);
const SORT_COLUMNS = USERS.sortColumns<UserSortField>({
  name: 'exact',
  emailId: 'lower',
  firstName: 'exact',
  lastName: 'exact',
  createdAt: 'exact',
  updatedAt: 'exact',
});

const SEARCH = `(u.name ILIKE $1 OR u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1)`;

export async function listUsers(
  tx: Queryable,
  query: ListQuery<UserSortField>,
): Promise<{ items: UserItem[]; total: number }> {
  const where = query.search ? `WHERE ${SEARCH}` : 'WHERE $1::text IS NULL';
  return USERS.list(tx, query, { where, sortColumns: SORT_COLUMNS });
}

export const findUser = USERS.find;

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

const PATCH_COLUMNS: Record<keyof UserPatch, string> = USERS.columns([
  'name',
  'firstName',
  'lastName',
  'roleId',
  'disabled',
  'phone',
  'avatarFileId',
]);

export async function updateUser(tx: Queryable, id: string, patch: UserPatch): Promise<void> {
  await updateVersioned(tx, 'users', id, patch, PATCH_COLUMNS);
}

export const deleteUser = USERS.remove;

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
