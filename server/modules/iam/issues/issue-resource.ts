/**
 * `/issue/tracker` (CONTRACT.md section 7): the company's issues (title, description, status, priority),
 * served by the resource kit.
 */
import {
  createIssueBody,
  issueListQuery,
  issueSchema,
  updateIssueBody,
} from '../../../../src/shared/contracts/issues.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { issueRepository } from './issue-repository.ts';

export const issueResource = defineResource({
  path: '/issue/tracker',
  entity: 'issue',
  label: 'Issue',
  permission: 'issues',
  tag: 'issues',
  schemas: { item: issueSchema, listQuery: issueListQuery, create: createIssueBody, update: updateIssueBody },
  defaultSort: { field: 'createdAt', descending: true },
  repository: issueRepository,
});
