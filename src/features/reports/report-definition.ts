/**
 * The builder's rules, pure: what a new report starts with, which sources a user may report on, how the
 * column list, the filter rows, the sort and the chart change, and the body a save sends (checked with the
 * contract's own schema first, so the builder names a problem on its row before the server would).
 */
import {
  REPORT_FILTER_OPS,
  REPORT_SOURCES,
  REPORT_SOURCE_PERMISSION,
  VALUELESS_REPORT_OPS,
  offeredReportColumns,
  reportColumn,
  reportColumns,
  updateReportSketchBody,
  usedReportColumns,
  type CreateReportSketchInput,
  type ReportChart,
  type ReportColumnDef,
  type ReportFilter,
  type ReportFilterOp,
  type ReportSketch,
  type ReportSort,
  type ReportSource,
  type UpdateReportSketchInput,
} from '../../shared/contracts/reports';
import { permissionsOf, userCan, type UserWithRole } from '../../lib/resource-kit/permission-check';

/** The chart a new report of each source suggests: contacts by country, users by role, activity per day, shipments by status. */
export const SUGGESTED_CHART: Record<ReportSource, string> = {
  contacts: 'country',
  users: 'role',
  audit: 'createdAt',
  shipments: 'status',
};

/** The order a new report of each source suggests: names A to Z, the newest changes first, the latest departures first. */
export const SUGGESTED_SORT: Record<ReportSource, ReportSort> = {
  contacts: { field: 'name', direction: 'asc' },
  users: { field: 'name', direction: 'asc' },
  audit: { field: 'createdAt', direction: 'desc' },
  shipments: { field: 'etd', direction: 'desc' },
};

/** The sources whose records the user's role may read (the service refuses the others anyway). */
export function readableSources(user: UserWithRole | null | undefined): ReportSource[] {
  return REPORT_SOURCES.filter((source) => userCan(user, REPORT_SOURCE_PERMISSION[source], 'read'));
}

/**
 * The columns a saved report uses that the user's role is not offered (a job's money without
 * `shipments.charges`): such a report cannot be run or changed by that role, so it is shown read-only.
 */
export function columnsNotOffered(
  user: UserWithRole | null | undefined,
  sketch: Pick<ReportSketch, 'source' | 'columns' | 'filters' | 'sort' | 'chart'>,
): string[] {
  const offered = new Set(offeredReportColumns(sketch.source, permissionsOf(user)).map((c) => c.key));
  return [...new Set(usedReportColumns(sketch).map((c) => c.key))].filter((key) => !offered.has(key));
}

/** A new report of `source`: its default columns, the suggested order and chart, no filters. */
export function newReportBody(name: string, source: ReportSource): CreateReportSketchInput {
  return {
    name: name.trim(),
    description: '',
    source,
    columns: reportColumns(source)
      .filter((column) => column.byDefault)
      .map((column) => column.key),
    filters: [],
    sort: SUGGESTED_SORT[source],
    chart: { groupBy: SUGGESTED_CHART[source] },
  };
}

/** The parts of a definition the builder edits besides its name and description. */
export interface ReportLayout {
  columns: string[];
  filters: ReportFilter[];
  sort: ReportSort | null;
  chart: ReportChart | null;
}

export function layoutOf(sketch: Pick<ReportSketch, 'columns' | 'filters' | 'sort' | 'chart'>): ReportLayout {
  return {
    columns: [...sketch.columns],
    filters: sketch.filters.map((filter) => ({ ...filter })),
    sort: sketch.sort ? { ...sketch.sort } : null,
    chart: sketch.chart ? { ...sketch.chart } : null,
  };
}

export function sameLayout(a: ReportLayout, b: ReportLayout): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A column ticked (added at the end of the report's order) or unticked (taken out, unless it is the last
 * one: a report shows at least one column).
 */
export function toggleColumn(columns: readonly string[], key: string, on: boolean): string[] {
  if (on) return columns.includes(key) ? [...columns] : [...columns, key];
  if (columns.length <= 1) return [...columns];
  return columns.filter((column) => column !== key);
}

/** A column moved one place earlier (`-1`) or later (`+1`) in the report's order; at an end, unchanged. */
export function moveColumn(columns: readonly string[], key: string, delta: -1 | 1): string[] {
  const from = columns.indexOf(key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= columns.length) return [...columns];
  const next = [...columns];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The operators a column's kind allows, in the order the builder offers them. */
export function operatorsOf(column: Pick<ReportColumnDef, 'kind'>): readonly ReportFilterOp[] {
  return REPORT_FILTER_OPS[column.kind];
}

export function takesValue(op: ReportFilterOp): boolean {
  return !VALUELESS_REPORT_OPS.includes(op);
}

/** The value a filter on a column of this kind starts with (a boolean filter always has one). */
function firstValue(column: Pick<ReportColumnDef, 'kind'>): string {
  return column.kind === 'boolean' ? 'true' : '';
}

/** A new filter row: the first column of the source, its kind's first operator. */
export function blankFilter(source: ReportSource): ReportFilter {
  const column = reportColumns(source)[0]!;
  return { field: column.key, op: operatorsOf(column)[0]!, value: firstValue(column) };
}

/**
 * A filter row pointed at another column: its operator kept when the new column's kind allows it, its
 * value kept when the kind is the same (a date is no answer to "contains").
 */
export function withField(filter: ReportFilter, source: ReportSource, field: string): ReportFilter {
  const before = reportColumn(source, filter.field);
  const column = reportColumn(source, field);
  if (!column) return filter;
  const ops = operatorsOf(column);
  const op = ops.includes(filter.op) ? filter.op : ops[0]!;
  const sameKind = before?.kind === column.kind;
  const value = !takesValue(op) ? '' : sameKind ? filter.value : firstValue(column);
  return { field, op, value };
}

/** A filter row with another operator; a valueless one ("is empty") drops the value. */
export function withOp(filter: ReportFilter, op: ReportFilterOp): ReportFilter {
  return { ...filter, op, value: takesValue(op) ? filter.value : '' };
}

/** The columns a chart may group by. */
export function groupableColumns(source: ReportSource): ReportColumnDef[] {
  return reportColumns(source).filter((column) => column.groupable);
}

export type BodyCheck =
  | { ok: true; body: UpdateReportSketchInput }
  | {
      ok: false;
      /** Problems by the body's path, e.g. `filters.0.value` or `name`. */
      issues: Record<string, string>;
    };

/**
 * The update a save sends: the builder's state with the stored version, text filters trimmed, checked with
 * the contract's schema (the service checks it again).
 */
export function updateBody(
  fields: { name: string; description: string; version: number },
  layout: ReportLayout,
  source: ReportSource,
): BodyCheck {
  const body: UpdateReportSketchInput = {
    version: fields.version,
    name: fields.name.trim(),
    description: fields.description.trim(),
    columns: [...layout.columns],
    filters: layout.filters.map((filter) => ({
      field: filter.field,
      op: filter.op,
      value: takesValue(filter.op) ? filter.value.trim() : '',
    })),
    sort: layout.sort,
    chart: layout.chart,
  };
  // The source is not changed by the builder, but the schema checks columns against the one it is given.
  const checked = updateReportSketchBody.safeParse({ ...body, source });
  if (checked.success) return { ok: true, body };
  const issues: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const path = issue.path.map(String).join('.');
    issues[path] ??= issue.message;
  }
  return { ok: false, issues };
}
