/** SQL for `/reportSketch` (saved report definitions), inside a tenant transaction. */
import type {
  REPORT_SORT_FIELDS,
  ReportChart,
  ReportFilter,
  ReportSketch,
  ReportSort,
  ReportSource,
} from '../../../src/shared/contracts/reports.ts';
import type { Queryable } from '../../db/database.ts';
import { containsPattern, type ListQuery } from '../../http/list-query.ts';
import {
  deleteById,
  findById,
  isoTimestamp,
  orderByClause,
  selectPage,
  updateVersioned,
} from '../../http/list-sql-repository.ts';

type SortField = (typeof REPORT_SORT_FIELDS)[number];
const SORT_COLUMNS: Record<SortField, string> = {
  name: 'lower(name)',
  source: 'source',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
const SELECT = `SELECT id, version, name, description, source, columns, filters, sort, chart, created_by, created_at,
       updated_at FROM report_sketches`;

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** Both drivers answer a `text[]` as an array; a `{…}` literal is tolerated all the same. */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
}

function toItem(r: Record<string, unknown>): ReportSketch {
  return {
    _id: r.id as string,
    version: r.version as number,
    name: r.name as string,
    description: r.description as string,
    source: r.source as ReportSource,
    columns: textArray(r.columns),
    filters: (json(r.filters) ?? []) as ReportFilter[],
    sort: (json(r.sort) ?? null) as ReportSort | null,
    chart: (json(r.chart) ?? null) as ReportChart | null,
    createdBy: (r.created_by as string | null) ?? null,
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
  };
}

export interface ReportSketchValues {
  companyId: string;
  createdBy: string;
  name: string;
  description: string;
  source: ReportSource;
  columns: string[];
  filters: ReportFilter[];
  sort: ReportSort | null;
  chart: ReportChart | null;
}
export type ReportSketchPatch = Partial<Omit<ReportSketchValues, 'companyId' | 'createdBy'>>;

const PATCH_COLUMNS: Record<keyof ReportSketchPatch, string> = {
  name: 'name',
  description: 'description',
  source: 'source',
  columns: 'columns',
  filters: 'filters',
  sort: 'sort',
  chart: 'chart',
};

/**
 * jsonb columns take their value as JSON text (node-postgres would send an array as a PostgreSQL array);
 * a null sort or chart is SQL NULL, not the JSON `null`.
 */
function toPatchValues(patch: ReportSketchPatch): Record<string, unknown> {
  const out: Record<string, unknown> = { ...patch };
  for (const key of ['filters', 'sort', 'chart'] as const) {
    if (patch[key] !== undefined) out[key] = patch[key] === null ? null : JSON.stringify(patch[key]);
  }
  return out;
}

async function list(
  tx: Queryable,
  query: ListQuery<SortField>,
  filters: { source?: ReportSource | undefined },
): Promise<{ items: ReportSketch[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR name ILIKE $1 OR description ILIKE $1) AND ($2::text IS NULL OR source = $2)`;
  const params = [query.search ? containsPattern(query.search) : null, filters.source ?? null];
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 'id');
  return selectPage(tx, { select: SELECT, countFrom: 'report_sketches', where, params, orderBy }, query, toItem);
}

async function find(tx: Queryable, id: string, options: { lock?: boolean } = {}): Promise<ReportSketch | undefined> {
  return findById(tx, SELECT, id, toItem, options);
}

async function insert(tx: Queryable, v: ReportSketchValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO report_sketches (company_id, created_by, name, description, source, columns, filters, sort, chart)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8::jsonb, $9::jsonb) RETURNING id`,
    [
      v.companyId,
      v.createdBy,
      v.name,
      v.description,
      v.source,
      v.columns,
      JSON.stringify(v.filters),
      v.sort === null ? null : JSON.stringify(v.sort),
      v.chart === null ? null : JSON.stringify(v.chart),
    ],
  );
  return rows[0]!.id;
}

async function update(tx: Queryable, id: string, patch: ReportSketchPatch): Promise<void> {
  await updateVersioned(tx, 'report_sketches', id, toPatchValues(patch), PATCH_COLUMNS);
}

async function remove(tx: Queryable, id: string): Promise<boolean> {
  return deleteById(tx, 'report_sketches', id);
}

export const reportSketchRepository = {
  list: (tx: Queryable, query: ListQuery<SortField>, filters: Record<string, unknown>) =>
    list(tx, query, filters as { source?: ReportSource }),
  find,
  insert,
  update,
  remove,
};
