/**
 * `/iamserver/api/v1/issue/tracker` (CONTRACT.md section 7): the company's issues.
 */
import { z } from 'zod';
import { listQuerySchema, versionInput } from './resource-contract.ts';

export const ISSUE_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const ISSUE_PRIORITIES = ['low', 'medium', 'high'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

export const ISSUE_SORT_FIELDS = ['title', 'status', 'priority', 'createdAt', 'updatedAt'] as const;
export type IssueSortField = (typeof ISSUE_SORT_FIELDS)[number];

export const issueSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  companyId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(ISSUE_STATUSES),
  priority: z.enum(ISSUE_PRIORITIES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Issue = z.infer<typeof issueSchema>;

const title = z.string().trim().min(1).max(200);
const description = z.string().max(10_000);

export const createIssueBody = z.strictObject({
  title,
  description: description.default(''),
  status: z.enum(ISSUE_STATUSES).default('open'),
  priority: z.enum(ISSUE_PRIORITIES).default('medium'),
});
export type CreateIssueInput = z.input<typeof createIssueBody>;

export const updateIssueBody = z.strictObject({
  version: versionInput.optional(),
  title: title.optional(),
  description: description.optional(),
  status: z.enum(ISSUE_STATUSES).optional(),
  priority: z.enum(ISSUE_PRIORITIES).optional(),
});
export type UpdateIssueInput = z.input<typeof updateIssueBody>;

export const issueListQuery = listQuerySchema(ISSUE_SORT_FIELDS).extend({
  status: z.enum(ISSUE_STATUSES).optional(),
  priority: z.enum(ISSUE_PRIORITIES).optional(),
});
export type IssueListQuery = z.input<typeof issueListQuery>;
