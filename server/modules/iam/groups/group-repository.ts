/**
 * SQL for the `/groups` resource (user groups and their members), inside a tenant transaction.
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

export { GROUP_SORT_FIELDS, type GroupSortField } from '../../../../src/shared/contracts/groups.ts';
import type { groupSchema, GroupSortField } from '../../../../src/shared/contracts/groups.ts';

const SORT_COLUMNS: Record<GroupSortField, string> = {
  name: 'lower(g.name)',
  createdAt: 'g.created_at',
  updatedAt: 'g.updated_at',
};

/** A group as the `/groups` resource answers it (the shared contract). */
export type GroupItem = z.infer<typeof groupSchema>;

const SELECT_GROUP = `SELECT g.id, g.version, g.company_id, g.name, g.description, g.created_at, g.updated_at,
        COALESCE((SELECT array_agg(m.user_id::text ORDER BY m.user_id) FROM user_group_members m WHERE m.group_id = g.id),
                 '{}'::text[]) AS member_ids
   FROM user_groups g`;

function toGroup(r: Record<string, unknown>): GroupItem {
  return {
    _id: r.id as string,
    version: r.version as number,
    companyId: r.company_id as string,
    name: r.name as string,
    description: r.description as string,
    memberIds: (r.member_ids as string[] | null) ?? [],
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
  };
}

export async function listGroups(
  tx: Queryable,
  query: ListQuery<GroupSortField>,
): Promise<{ items: GroupItem[]; total: number }> {
  const where = query.search ? 'WHERE (g.name ILIKE $1 OR g.description ILIKE $1)' : 'WHERE $1::text IS NULL';
  const pattern = query.search ? containsPattern(query.search) : null;
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 'g.id');
  return selectPage(
    tx,
    { select: SELECT_GROUP, countFrom: 'user_groups g', where, params: [pattern], orderBy },
    query,
    toGroup,
  );
}

export async function findGroup(
  tx: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<GroupItem | undefined> {
  return findById(tx, SELECT_GROUP, id, toGroup, { ...options, alias: 'g' });
}

export async function insertGroup(
  tx: Queryable,
  group: { companyId: string; name: string; description: string },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO user_groups (company_id, name, description) VALUES ($1, $2, $3) RETURNING id',
    [group.companyId, group.name, group.description],
  );
  return rows[0]!.id;
}

export interface GroupPatch {
  name?: string;
  description?: string;
}

const PATCH_COLUMNS: Record<keyof GroupPatch, string> = { name: 'name', description: 'description' };

export async function updateGroup(tx: Queryable, id: string, patch: GroupPatch): Promise<void> {
  await updateVersioned(tx, 'user_groups', id, patch, PATCH_COLUMNS);
}

/** Replaces the member list (the ids must already be checked to be users of the company). */
export async function replaceGroupMembers(
  tx: Queryable,
  group: { id: string; companyId: string },
  userIds: readonly string[],
): Promise<void> {
  await tx.query('DELETE FROM user_group_members WHERE group_id = $1', [group.id]);
  if (userIds.length === 0) return;
  await tx.query(
    `INSERT INTO user_group_members (company_id, group_id, user_id)
     SELECT $1, $2, u FROM unnest($3::uuid[]) AS u ON CONFLICT DO NOTHING`,
    [group.companyId, group.id, userIds],
  );
}

export async function deleteGroup(tx: Queryable, id: string): Promise<boolean> {
  return deleteById(tx, 'user_groups', id);
}

/** Groups as the resource kit uses them: insert and update also replace the member list when given. */
export const groupRepository = {
  list: listGroups,
  find: findGroup,
  async insert(
    tx: Queryable,
    group: { companyId: string; name: string; description: string; memberIds: readonly string[] },
  ): Promise<string> {
    const id = await insertGroup(tx, group);
    await replaceGroupMembers(tx, { id, companyId: group.companyId }, group.memberIds);
    return id;
  },
  async update(
    tx: Queryable,
    id: string,
    patch: GroupPatch & { companyId: string; memberIds?: readonly string[] | undefined },
  ): Promise<void> {
    await updateGroup(tx, id, { name: patch.name, description: patch.description });
    if (patch.memberIds) await replaceGroupMembers(tx, { id, companyId: patch.companyId }, patch.memberIds);
  },
  remove: deleteGroup,
};
