/**
 * SQL for the `/groups` resource (user groups and their members), inside a tenant transaction.
 */
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import { columnTable, textArray, updateVersioned, VERSIONED_COLUMNS } from '../../../http/list-sql-repository.ts';

export { GROUP_SORT_FIELDS, type GroupSortField } from '../../../../src/shared/contracts/groups.ts';
import type { groupSchema, GroupSortField } from '../../../../src/shared/contracts/groups.ts';

/** A group as the `/groups` resource answers it (the shared contract). */
export type GroupItem = z.infer<typeof groupSchema>;

const GROUPS = columnTable<GroupItem>(
  'user_groups',
  {
    ...VERSIONED_COLUMNS,
    companyId: 'company_id',
    name: 'name',
    description: 'description',
    memberIds: {
      column: 'member_ids',
      sql: '(SELECT array_agg(m.user_id::text ORDER BY m.user_id) FROM user_group_members m WHERE m.group_id = g.id)',
      read: textArray,
    },
  },
  { alias: 'g' },
);
const SORT_COLUMNS = GROUPS.sortColumns<GroupSortField>({ name: 'lower', createdAt: 'exact', updatedAt: 'exact' });

export async function listGroups(
  tx: Queryable,
  query: ListQuery<GroupSortField>,
): Promise<{ items: GroupItem[]; total: number }> {
  const where = query.search ? 'WHERE (g.name ILIKE $1 OR g.description ILIKE $1)' : 'WHERE $1::text IS NULL';
  return GROUPS.list(tx, query, { where, sortColumns: SORT_COLUMNS });
}

export const findGroup = GROUPS.find;

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

const PATCH_COLUMNS: Record<keyof GroupPatch, string> = GROUPS.columns(['name', 'description']);

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

export const deleteGroup = GROUPS.remove;

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
