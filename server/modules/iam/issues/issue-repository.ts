/**
 * SQL for the issue tracker (`/issue/tracker`). Inside a tenant transaction row-level security scopes
 * every query to the caller's company; inside a system transaction (a super admin) it spans every company.
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

import type { issueSchema, IssuePriority, IssueStatus } from '../../../../src/shared/contracts/issues.ts';

export { ISSUE_SORT_FIELDS, type IssueSortField } from '../../../../src/shared/contracts/issues.ts';
import type { IssueSortField } from '../../../../src/shared/contracts/issues.ts';

const SORT_COLUMNS: Record<IssueSortField, string> = {
  title: 'lower(i.title)',
  status: 'i.status',
  priority: "array_position(ARRAY['low','medium','high'], i.priority)",
  createdAt: 'i.created_at',
  updatedAt: 'i.updated_at',
};

/** An issue as the tracker answers it (the shared contract). */
export type IssueItem = z.infer<typeof issueSchema>;

// The joined rows are the issue's own company's (the file, the reporter and the company carry the same
// company_id), so a tenant transaction sees them all and a system one joins across companies correctly.
const SELECT_ISSUE = `SELECT i.id, i.version, i.company_id, i.title, i.description, i.status, i.priority,
       i.attachment_file_id, f.file_name, f.content_type, f.size_bytes, i.app_version, i.route,
       i.created_by, u.name AS reporter_name, u.email AS reporter_email, c.name AS company_name,
       i.created_at, i.updated_at
  FROM issues i
  JOIN companies c ON c.id = i.company_id
  LEFT JOIN users u ON u.id = i.created_by AND u.company_id = i.company_id
  LEFT JOIN drive_files f ON f.id = i.attachment_file_id AND f.company_id = i.company_id`;

function toIssue(r: Record<string, unknown>): IssueItem {
  const fileId = (r.attachment_file_id as string | null) ?? null;
  return {
    _id: r.id as string,
    version: r.version as number,
    companyId: r.company_id as string,
    title: r.title as string,
    description: r.description as string,
    status: r.status as IssueStatus,
    priority: r.priority as IssuePriority,
    attachmentFileId: fileId,
    attachment:
      fileId && r.file_name !== null && r.file_name !== undefined
        ? {
            fileName: r.file_name as string,
            contentType: r.content_type as string,
            size: Number(r.size_bytes),
          }
        : null,
    appVersion: r.app_version as string,
    route: r.route as string,
    createdBy: (r.created_by as string | null) ?? null,
    reporterName: (r.reporter_name as string | null) ?? null,
    reporterEmail: (r.reporter_email as string | null) ?? null,
    companyName: r.company_name as string,
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
  };
}

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
  const params = [
    query.search ? containsPattern(query.search) : null,
    filters.status ?? null,
    filters.priority ?? null,
    filters.companyId ?? null,
  ];
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 'i.id');
  return selectPage(tx, { select: SELECT_ISSUE, countFrom: 'issues i', where, params, orderBy }, query, toIssue);
}

export async function findIssue(
  tx: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<IssueItem | undefined> {
  return findById(tx, SELECT_ISSUE, id, toIssue, { ...options, alias: 'i' });
}

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

const PATCH_COLUMNS: Record<keyof IssuePatch, string> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
};

export async function updateIssue(tx: Queryable, id: string, patch: IssuePatch): Promise<void> {
  await updateVersioned(tx, 'issues', id, patch, PATCH_COLUMNS);
}

export async function deleteIssue(tx: Queryable, id: string): Promise<boolean> {
  return deleteById(tx, 'issues', id);
}

/** The issue tracker as the resource kit uses it (create and delete, inside the caller's company). */
export const issueRepository = {
  find: findIssue,
  insert: insertIssue,
  update: updateIssue,
  remove: deleteIssue,
};
