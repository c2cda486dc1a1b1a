/**
 * `/issue/tracker` (docs/api.md section 7; "Report a problem", issue 13): creating and deleting an issue
 * are the resource kit's, inside the caller's company. Listing, reading and updating are in
 * `issue-routes.ts`, because a super admin does them across every company.
 */
import {
  createIssueBody,
  issueListQuery,
  issueSchema,
  updateIssueBody,
} from '../../../../src/shared/contracts/issues.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { assertAttachmentFile } from './issue-attachment.ts';
import { issueRepository, type IssueItem, type NewIssue } from './issue-repository.ts';

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
