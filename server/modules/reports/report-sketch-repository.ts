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
import type { ListQuery } from '../../http/list-query.ts';
import {
  columnTable,
  jsonValue,
  textArray,
  updateVersioned,
  VERSIONED_COLUMNS,
} from '../../http/list-sql-repository.ts';

type SortField = (typeof REPORT_SORT_FIELDS)[number];
const REPORT_SKETCHES = columnTable<ReportSketch>('report_sketches', {
  ...VERSIONED_COLUMNS,
  name: 'name',
  description: 'description',
  source: 'source',
  columns: { column: 'columns', read: textArray },
  filters: { column: 'filters', read: (value) => (jsonValue(value) ?? []) as ReportFilter[] },
  sort: { column: 'sort', read: (value) => (jsonValue(value) ?? null) as ReportSort | null },
  chart: { column: 'chart', read: (value) => (jsonValue(value) ?? null) as ReportChart | null },
  createdBy: 'created_by',
});
const SORT_COLUMNS = REPORT_SKETCHES.sortColumns<SortField>({
  name: 'lower',
  source: 'exact',
  createdAt: 'exact',
  updatedAt: 'exact',
});

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

const PATCH_COLUMNS: Record<keyof ReportSketchPatch, string> = REPORT_SKETCHES.columns([
  'name',
  'description',
  'source',
  'columns',
  'filters',
  'sort',
  'chart',
]);

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
  return REPORT_SKETCHES.list(tx, query, { where, filters: [filters.source ?? null], sortColumns: SORT_COLUMNS });
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

export const reportSketchRepository = {
  list: (tx: Queryable, query: ListQuery<SortField>, filters: Record<string, unknown>) =>
    list(tx, query, filters as { source?: ReportSource }),
  find: REPORT_SKETCHES.find,
  insert,
  update,
  remove: REPORT_SKETCHES.remove,
};
