/**
 * `/issue/tracker` (docs/api.md section 7; "Report a problem", issue 13), two registrations of the kit:
 * creating and deleting happen inside the caller's company (`issueResource`); listing, reading and
 * updating (`issueTrackerResource`) are the same for a company's readers, while a super admin does them
 * across every company (the `system-for-super-admins` scope: the list spans all companies, `companyId`
 * narrows it, and an update is audited in the issue's own company). The attachment is `issue-routes.ts`.
 */
import {
  createIssueBody,
  issueListQuery,
  issueSchema,
  updateIssueBody,
} from '../../../../src/shared/contracts/issues.ts';
import type { z } from 'zod';
import type { ListQuery } from '../../../http/list-query.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { assertAttachmentFile } from './issue-attachment.ts';
import { issueRepository, listIssues, type IssueItem, type IssueSortField, type NewIssue } from './issue-repository.ts';

/** What the audit diff compares: the issue's own columns, not the joined reporter, company and file. */
export function auditableIssue(issue: IssueItem): object {
  const { reporterName, reporterEmail, companyName, attachment, ...own } = issue;
  void reporterName;
  void reporterEmail;
  void companyName;
  void attachment;
  return own;
}

export const ISSUE_ENTITY = 'issue';
export const ISSUE_LABEL = 'Issue';

export const issueResource = defineResource({
  path: '/issue/tracker',
  entity: ISSUE_ENTITY,
  label: ISSUE_LABEL,
  permission: 'issues',
  tag: 'issues',
  operations: ['create', 'delete'],
  schemas: { item: issueSchema, listQuery: issueListQuery, create: createIssueBody, update: updateIssueBody },
  defaultSort: { field: 'createdAt', descending: true },
  repository: issueRepository,
  auditable: auditableIssue,
  summaries: {
    create: 'Report a problem: title, description, an optional attachment (a driveserver file), app version and page',
  },
  hooks: {
    async beforeCreate(ctx, body): Promise<NewIssue> {
      await assertAttachmentFile(ctx.tx, ctx.auth, body.attachmentFileId);
      return { ...body, companyId: ctx.companyId, createdBy: ctx.auth.userId };
    },
  },
});

export const issueTrackerResource = defineResource({
  path: '/issue/tracker',
  entity: ISSUE_ENTITY,
  label: ISSUE_LABEL,
  permission: 'issues',
  scope: 'system-for-super-admins',
  tag: 'issues',
  operations: ['list', 'read', 'update'],
  schemas: { item: issueSchema, listQuery: issueListQuery, update: updateIssueBody },
  defaultSort: { field: 'createdAt', descending: true },
  repository: {
    ...issueRepository,
    list: (tx, query, filters) => {
      const { status, priority, companyId } = filters as z.output<typeof issueListQuery>;
      return listIssues(tx, query as ListQuery<IssueSortField>, { status, priority, companyId });
    },
  },
  auditable: auditableIssue,
  // The issue's company keeps its history, also when a super admin changed it.
  companyOf: (issue) => issue.companyId,
  summaries: {
    list: 'List issues: the company’s own, or every company’s for a super admin (`companyId` narrows it)',
    read: 'Read one issue (a super admin: of any company)',
    update:
      'Update an issue’s title, description, status or priority (send `version` or `If-Match`; a super admin: any company’s)',
  },
});
