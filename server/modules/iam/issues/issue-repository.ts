/**
 * SQL for the issue tracker (`/issue/tracker`). Inside a tenant transaction row-level security scopes
 * every query to the caller's company; inside a system transaction (a super admin) it spans every company.
 */
import type { z } from 'zod';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import { columnTable, jsonValue, updateVersioned, VERSIONED_COLUMNS } from '../../../http/list-sql-repository.ts';

import type { issueSchema, IssuePriority, IssueStatus } from '../../../../src/shared/contracts/issues.ts';

export { ISSUE_SORT_FIELDS, type IssueSortField } from '../../../../src/shared/contracts/issues.ts';
import type { IssueSortField } from '../../../../src/shared/contracts/issues.ts';

/** An issue as the tracker answers it (the shared contract). */
export type IssueItem = z.infer<typeof issueSchema>;

// The joined rows are the issue's own company's (the file, the reporter and the company carry the same
// company_id), so a tenant transaction sees them all and a system one joins across companies correctly.
const ISSUES = columnTable<IssueItem>(
  'issues',
  {
    ...VERSIONED_COLUMNS,
    companyId: 'company_id',
    title: 'title',
    description: 'description',
    status: 'status',
    priority: 'priority',
    attachmentFileId: 'attachment_file_id',
    attachment: {
      column: 'attachment',
      sql: `CASE WHEN f.id IS NULL THEN NULL
                 ELSE json_build_object('fileName', f.file_name, 'contentType', f.content_type, 'size', f.size_bytes) END`,
      read: (value) => (jsonValue(value) ?? null) as IssueItem['attachment'],
    },
    appVersion: 'app_version',
    route: 'route',
    createdBy: 'created_by',
    reporterName: { column: 'reporter_name', sql: 'u.name' },
    reporterEmail: { column: 'reporter_email', sql: 'u.email' },
    companyName: { column: 'company_name', sql: 'c.name' },
  },
  {
    alias: 'i',
    joins: `JOIN companies c ON c.id = i.company_id
  LEFT JOIN users u ON u.id = i.created_by AND u.company_id = i.company_id
  LEFT JOIN drive_files f ON f.id = i.attachment_file_id AND f.company_id = i.company_id`,
  },
);
const SORT_COLUMNS = ISSUES.sortColumns<IssueSortField>({
  title: 'lower',
  status: 'exact',
  priority: { sql: "array_position(ARRAY['low','medium','high'], i.priority)" },
  createdAt: 'exact',
  updatedAt: 'exact',
});

export interface IssueFilters {
  status?: IssueStatus | undefined;
  priority?: IssuePriority | undefined;
  companyId?: string | undefined;
}

export async function listIssues(
  tx: Queryable,
  query: ListQuery<IssueSortField>,
  filters: IssueFilters,
): Promise<{ items: IssueItem[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR i.title ILIKE $1 OR i.description ILIKE $1 OR i.route ILIKE $1)
                   AND ($2::text IS NULL OR i.status = $2) AND ($3::text IS NULL OR i.priority = $3)
                   AND ($4::uuid IS NULL OR i.company_id = $4)`;
  return ISSUES.list(tx, query, {
    where,
    filters: [filters.status ?? null, filters.priority ?? null, filters.companyId ?? null],
    sortColumns: SORT_COLUMNS,
  });
}

export const findIssue = ISSUES.find;

export interface NewIssue {
  companyId: string;
  title: string;
  description: string;
  status: IssueStatus;
  priority: IssuePriority;
  attachmentFileId: string | null;
  appVersion: string;
  route: string;
  createdBy: string;
}

export async function insertIssue(tx: Queryable, issue: NewIssue): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO issues (company_id, title, description, status, priority, attachment_file_id, app_version, route, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      issue.companyId,
      issue.title,
      issue.description,
      issue.status,
      issue.priority,
      issue.attachmentFileId,
      issue.appVersion,
      issue.route,
      issue.createdBy,
    ],
  );
  return rows[0]!.id;
}

export interface IssuePatch {
  title?: string;
  description?: string;
  status?: IssueStatus;
  priority?: IssuePriority;
}

const PATCH_COLUMNS: Record<keyof IssuePatch, string> = ISSUES.columns(['title', 'description', 'status', 'priority']);

export async function updateIssue(tx: Queryable, id: string, patch: IssuePatch): Promise<void> {
  await updateVersioned(tx, 'issues', id, patch, PATCH_COLUMNS);
}

export const deleteIssue = ISSUES.remove;

/** The issue tracker as the resource kit uses it (create and delete, inside the caller's company). */
export const issueRepository = {
  find: findIssue,
  insert: insertIssue,
  update: updateIssue,
  remove: deleteIssue,
};
