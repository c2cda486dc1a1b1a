/**
 * `/iamserver/api/v1/issue/tracker` (docs/api.md section 7): the company's issues, and "Report a problem"
 * (issue 13): a report carries an optional attachment (a driveserver file of the reporter's company), the
 * app version and the page it was sent from. A super admin lists and updates every company's issues.
 */
import { z } from 'zod';
import { listQuerySchema, versionInput } from './resource-contract.ts';

export const ISSUE_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const ISSUE_PRIORITIES = ['low', 'medium', 'high'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

export const ISSUE_SORT_FIELDS = ['title', 'status', 'priority', 'createdAt', 'updatedAt'] as const;
export type IssueSortField = (typeof ISSUE_SORT_FIELDS)[number];

/** The longest app version and page (path and query) a report keeps. */
export const ISSUE_APP_VERSION_MAX = 64;
export const ISSUE_ROUTE_MAX = 2000;

/** The attached file as the list and the record show it (an image shows inline, anything else downloads). */
export const issueAttachmentSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type IssueAttachment = z.infer<typeof issueAttachmentSchema>;

export const issueSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  companyId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(ISSUE_STATUSES),
  priority: z.enum(ISSUE_PRIORITIES),
  /** A driveserver file of the issue's company; read it through `GET /issue/tracker/{id}/attachment`. */
  attachmentFileId: z.string().nullable(),
  attachment: issueAttachmentSchema.nullable(),
  /** The app's version when the report was sent ('' for issues made before reports carried it). */
  appVersion: z.string(),
  /** The page (path and query) the report was sent from. */
  route: z.string(),
  createdBy: z.string().nullable(),
  /** The reporter, for the company admin's and the super admin's lists (null once the user is gone). */
  reporterName: z.string().nullable(),
  reporterEmail: z.string().nullable(),
  /** The issue's company, for the super admin's list across companies. */
  companyName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Issue = z.infer<typeof issueSchema>;

/** The longest title and description the server keeps; "Report a problem" stops its inputs there. */
export const ISSUE_TITLE_MAX = 200;
export const ISSUE_DESCRIPTION_MAX = 10_000;
const title = z.string().trim().min(1).max(ISSUE_TITLE_MAX);
const description = z.string().max(ISSUE_DESCRIPTION_MAX);

export const createIssueBody = z.strictObject({
  title,
  description: description.default(''),
  status: z.enum(ISSUE_STATUSES).default('open'),
  priority: z.enum(ISSUE_PRIORITIES).default('medium'),
  /** A file uploaded to driveserver by the caller's company (a screenshot or any other file), or null. */
  attachmentFileId: z.uuid().nullable().default(null),
  appVersion: z.string().trim().max(ISSUE_APP_VERSION_MAX).default(''),
  route: z.string().trim().max(ISSUE_ROUTE_MAX).default(''),
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
  /** One company's issues (a super admin's list spans every company; anyone else only sees their own). */
  companyId: z.uuid().optional(),
});
export type IssueListQuery = z.input<typeof issueListQuery>;
