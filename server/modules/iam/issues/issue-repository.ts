/**
 * SQL for the issue tracker (`/issue/tracker`), inside a tenant transaction.
 */
import type { Queryable } from '../../../db/database.ts';
import { containsPattern, type ListQuery } from '../../../http/list-query.ts';
import { isoTimestamp, orderByClause, setClause } from '../../../http/list-sql-repository.ts';

import type { IssuePriority, IssueStatus } from '../../../../src/shared/contracts/issues.ts';

export { ISSUE_SORT_FIELDS, type IssueSortField } from '../../../../src/shared/contracts/issues.ts';
import type { IssueSortField } from '../../../../src/shared/contracts/issues.ts';

const SORT_COLUMNS: Record<IssueSortField, string> = {
  title: 'lower(title)',
  status: 'status',
  priority: "array_position(ARRAY['low','medium','high'], priority)",
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

export interface IssueItem {
  _id: string;
  version: number;
  companyId: string;
  title: string;
  description: string;
  status: IssueStatus;
  priority: IssuePriority;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

const SELECT_ISSUE = `SELECT id, version, company_id, title, description, status, priority, created_by, created_at, updated_at FROM issues`;

function toIssue(r: Record<string, unknown>): IssueItem {
  return {
    _id: r.id as string,
    version: r.version as number,
    companyId: r.company_id as string,
    title: r.title as string,
    description: r.description as string,
    status: r.status as IssueStatus,
    priority: r.priority as IssuePriority,
    createdBy: (r.created_by as string | null) ?? null,
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
  };
}

export async function listIssues(
  tx: Queryable,
  query: ListQuery<IssueSortField>,
  filters: { status?: IssueStatus | undefined; priority?: IssuePriority | undefined },
): Promise<{ items: IssueItem[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR title ILIKE $1 OR description ILIKE $1)
                   AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR priority = $3)`;
  const params = [
    query.search ? containsPattern(query.search) : null,
    filters.status ?? null,
    filters.priority ?? null,
  ];
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM issues ${where}`, params);
  const { rows } = await tx.query<Record<string, unknown>>(
    `${SELECT_ISSUE} ${where} ${orderByClause(query.sort, SORT_COLUMNS, 'id')} LIMIT $4 OFFSET $5`,
    [...params, query.limit, query.offset],
  );
  return { items: rows.map(toIssue), total: count.rows[0]?.n ?? 0 };
}

export async function findIssue(
  tx: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<IssueItem | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `${SELECT_ISSUE} WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? toIssue(rows[0]) : undefined;
}

export async function insertIssue(
  tx: Queryable,
  issue: {
    companyId: string;
    title: string;
    description: string;
    status: IssueStatus;
    priority: IssuePriority;
    createdBy: string;
  },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO issues (company_id, title, description, status, priority, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [issue.companyId, issue.title, issue.description, issue.status, issue.priority, issue.createdBy],
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
  const set = setClause(patch, PATCH_COLUMNS, 2);
  await tx.query(
    `UPDATE issues SET ${set.sql ? `${set.sql}, ` : ''}version = version + 1, updated_at = now() WHERE id = $1`,
    [id, ...set.values],
  );
}

export async function deleteIssue(tx: Queryable, id: string): Promise<boolean> {
  const { affectedRows } = await tx.query('DELETE FROM issues WHERE id = $1', [id]);
  return affectedRows > 0;
}

/** The issue tracker as the resource kit uses it; the list's filters come from the validated query. */
export const issueRepository = {
  list: (
    tx: Queryable,
    query: ListQuery<IssueSortField>,
    filters: { status?: IssueStatus; priority?: IssuePriority },
  ) => listIssues(tx, query, { status: filters.status, priority: filters.priority }),
  find: findIssue,
  insert: insertIssue,
  update: updateIssue,
  remove: deleteIssue,
};
