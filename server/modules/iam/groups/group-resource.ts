/**
 * `/groups` (docs/api.md section 7): user groups (name, description, members), served by the resource
 * kit. Members must be users of the same company.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import {
  createGroupBody,
  groupListQuery,
  groupSchema,
  updateGroupBody,
} from '../../../../src/shared/contracts/groups.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError } from '../../../http/api-error.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { iamResourceNames } from '../iam-resource-names.ts';
import { existingUserIds } from '../users/user-repository.ts';
import { groupRepository } from './group-repository.ts';

async function checkedMembers(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await existingUserIds(tx, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
      details: [{ path: 'body.memberIds', message: 'contains ids that are not users of this company' }],
    });
  }
  return unique;
}

export const groupResource = defineResource({
  ...iamResourceNames('group', 'groups'),
  summaries: { list: 'List the company’s user groups' },
  schemas: { item: groupSchema, listQuery: groupListQuery, create: createGroupBody, update: updateGroupBody },
  repository: groupRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId }, body) => ({
      companyId,
      name: body.name,
      description: body.description,
      memberIds: await checkedMembers(tx, body.memberIds),
    }),
    beforeUpdate: async ({ tx }, before, { memberIds, ...patch }) => ({
      ...patch,
      companyId: before.companyId,
      ...(memberIds ? { memberIds: await checkedMembers(tx, memberIds) } : {}),
    }),
  },
});
