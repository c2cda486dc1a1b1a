/**
 * `/iamserver/api/v1/groups` (docs/api.md section 7): user groups; members are users of the same company.
 */
import { z } from 'zod';
import { listQuerySchema, versionInput } from './resource-contract.ts';

export const GROUP_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export type GroupSortField = (typeof GROUP_SORT_FIELDS)[number];

export const groupSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  companyId: z.string(),
  name: z.string(),
  description: z.string(),
  memberIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

const groupName = z.string().trim().min(1).max(100);
const description = z.string().trim().max(1000);
const memberIds = z.array(z.uuid()).max(1000);

export const createGroupBody = z.strictObject({
  name: groupName,
  description: description.default(''),
  memberIds: memberIds.default([]),
});
export type CreateGroupInput = z.input<typeof createGroupBody>;

export const updateGroupBody = z.strictObject({
  version: versionInput.optional(),
  name: groupName.optional(),
  description: description.optional(),
  memberIds: memberIds.optional(),
});
export type UpdateGroupInput = z.input<typeof updateGroupBody>;

export const groupListQuery = listQuerySchema(GROUP_SORT_FIELDS);
export type GroupListQuery = z.input<typeof groupListQuery>;
