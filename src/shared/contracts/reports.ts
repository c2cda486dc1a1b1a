/**
 * reportserver (docs/api.md section 13): saved report definitions (`/reportSketch`, a resource of section
 * 7) and their runs (`GET /reportSketch/{id}/run?format=json|csv|xlsx`). A definition names a source, the
 * columns to show, filters and a sort; the columns and what each filter may do come from one catalogue
 * below, read by the service (to build its query) and by the app (to offer the choices).
 */
import { z } from 'zod';
import { can, type PermissionAction, type PermissionModule, type Permissions } from '../permissions.ts';
import { listQuerySchema, versionInput } from './resource-contract.ts';
import { isoDate } from '../dates.ts';

export const REPORT_SOURCES = ['contacts', 'users', 'audit', 'shipments'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** How a column's values compare and are written out. */
/**
 * `date` is a moment (a timestamp); `day` a calendar date without a time (a shipment's ETD); `number` a
 * decimal, written as a JSON number and as a number cell in XLSX.
 */
export const REPORT_COLUMN_KINDS = ['text', 'date', 'day', 'boolean', 'list', 'number'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export interface ReportColumnDef {
  key: string;
  /** English label; the app shows its own translation of `reports.column.<source>.<key>` when it has one. */
  label: string;
  kind: ReportColumnKind;
  /** Shown in a new definition of this source. */
  byDefault?: boolean;
  /** Offered as a chart's grouping ("contacts by country"). */
  groupable?: boolean;
  /**
   * A permission beyond the source's `read` that the column needs (a job's money needs
   * `shipments.charges`): without it the column is not offered, and a report that uses it does not run.
   */
  needs?: { module: PermissionModule; action: PermissionAction };
}

/** A job's money: revenue, cost, profit and margin are shown to the roles with `shipments.charges`. */
const SHIPMENT_MONEY = { module: 'shipments', action: 'charges' } as const;

/**
 * The columns of each source. `list` values are lists of names (a contact's types and tags); `date` values
 * are ISO timestamps in the answer and in CSV, real dates in XLSX.
 */
export const REPORT_COLUMNS = {
  contacts: [
    { key: 'name', label: 'Name', kind: 'text', byDefault: true },
    { key: 'types', label: 'Business types', kind: 'list', byDefault: true, groupable: true },
    { key: 'email', label: 'E-mail', kind: 'text', byDefault: true },
    { key: 'phone', label: 'Phone', kind: 'text' },
    { key: 'address', label: 'Address', kind: 'text' },
    { key: 'city', label: 'City', kind: 'text', groupable: true },
    { key: 'country', label: 'Country', kind: 'text', byDefault: true, groupable: true },
    { key: 'taxId', label: 'Tax id', kind: 'text' },
    { key: 'tags', label: 'Tags', kind: 'list', groupable: true },
    { key: 'notes', label: 'Notes', kind: 'text' },
    { key: 'createdAt', label: 'Created', kind: 'date' },
    { key: 'updatedAt', label: 'Updated', kind: 'date' },
  ],
  users: [
    { key: 'name', label: 'Name', kind: 'text', byDefault: true },
    { key: 'email', label: 'E-mail', kind: 'text', byDefault: true },
    { key: 'role', label: 'Role', kind: 'text', byDefault: true, groupable: true },
    { key: 'disabled', label: 'Disabled', kind: 'boolean', byDefault: true, groupable: true },
    { key: 'emailVerified', label: 'E-mail verified', kind: 'boolean', groupable: true },
    { key: 'phone', label: 'Phone', kind: 'text' },
    { key: 'createdAt', label: 'Created', kind: 'date' },
  ],
  audit: [
    { key: 'createdAt', label: 'When', kind: 'date', byDefault: true, groupable: true },
    { key: 'actor', label: 'Who', kind: 'text', byDefault: true, groupable: true },
    { key: 'action', label: 'Action', kind: 'text', byDefault: true, groupable: true },
    { key: 'entity', label: 'Record type', kind: 'text', byDefault: true, groupable: true },
    { key: 'entityId', label: 'Record', kind: 'text' },
  ],
  shipments: [
    { key: 'number', label: 'Number', kind: 'text', byDefault: true },
    { key: 'customer', label: 'Customer', kind: 'text', byDefault: true, groupable: true },
    { key: 'mode', label: 'Mode', kind: 'text', byDefault: true, groupable: true },
    { key: 'direction', label: 'Direction', kind: 'text', groupable: true },
    { key: 'status', label: 'Status', kind: 'text', byDefault: true, groupable: true },
    { key: 'origin', label: 'Origin', kind: 'text', byDefault: true, groupable: true },
    { key: 'destination', label: 'Destination', kind: 'text', byDefault: true, groupable: true },
    { key: 'etd', label: 'ETD', kind: 'day', byDefault: true, groupable: true },
    { key: 'eta', label: 'ETA', kind: 'day', byDefault: true, groupable: true },
    { key: 'actualDeparture', label: 'Actual departure', kind: 'date' },
    { key: 'actualArrival', label: 'Actual arrival', kind: 'date' },
    { key: 'daysLate', label: 'Days late', kind: 'number', groupable: true },
    { key: 'incoterm', label: 'Incoterm', kind: 'text', groupable: true },
    { key: 'carrierBookingReference', label: 'Booking reference', kind: 'text' },
    { key: 'masterBillNumber', label: 'Master bill', kind: 'text' },
    { key: 'houseBillNumber', label: 'House bill', kind: 'text' },
    { key: 'vesselName', label: 'Vessel', kind: 'text', groupable: true },
    { key: 'voyage', label: 'Voyage', kind: 'text' },
    { key: 'flightNumber', label: 'Flight', kind: 'text' },
    { key: 'containers', label: 'Containers', kind: 'list' },
    { key: 'packages', label: 'Packages', kind: 'number' },
    { key: 'grossWeightKg', label: 'Gross weight (kg)', kind: 'number' },
    { key: 'volumeM3', label: 'Volume (m³)', kind: 'number' },
    { key: 'chargeableWeightKg', label: 'Chargeable weight (kg)', kind: 'number' },
    { key: 'createdAt', label: 'Created', kind: 'date' },
    { key: 'closedAt', label: 'Closed', kind: 'date', groupable: true },
    // In the company's base currency, each line at the rate valid on the ETD; empty while a line has no rate.
    { key: 'revenue', label: 'Revenue (base currency)', kind: 'number', needs: SHIPMENT_MONEY },
    { key: 'cost', label: 'Cost (base currency)', kind: 'number', needs: SHIPMENT_MONEY },
    { key: 'profit', label: 'Profit (base currency)', kind: 'number', needs: SHIPMENT_MONEY },
    { key: 'marginPercent', label: 'Margin (%)', kind: 'number', needs: SHIPMENT_MONEY },
  ],
} as const satisfies Record<ReportSource, readonly ReportColumnDef[]>;

/** Reading a source needs this module's `read` permission, on top of `reports`. */
export const REPORT_SOURCE_PERMISSION: Record<ReportSource, PermissionModule> = {
  contacts: 'contacts',
  users: 'users',
  audit: 'audit',
  shipments: 'shipments',
};

export function reportColumns(source: ReportSource): readonly ReportColumnDef[] {
  return REPORT_COLUMNS[source];
}

export function reportColumn(source: ReportSource, key: string): ReportColumnDef | undefined {
  return reportColumns(source).find((c) => c.key === key);
}

/** Whether `permissions` may see `column` (a column without `needs` is everyone's who reads the source). */
export function columnOffered(column: Pick<ReportColumnDef, 'needs'>, permissions: Permissions): boolean {
  return !column.needs || can(permissions, column.needs.module, column.needs.action);
}

/** The columns of `source` offered to a role with `permissions`. */
export function offeredReportColumns(source: ReportSource, permissions: Permissions): readonly ReportColumnDef[] {
  return reportColumns(source).filter((c) => columnOffered(c, permissions));
}

/**
 * Every column a definition uses, with the path of the part that names it (`columns.2`, `filters.0.field`,
 * `sort.field`, `chart.groupBy`, `chart.measure`): what a role must be offered to save or run it.
 */
export function usedReportColumns(def: {
  columns?: readonly string[] | undefined;
  filters?: readonly ReportFilter[] | undefined;
  sort?: ReportSort | null | undefined;
  chart?: ReportChart | null | undefined;
}): Array<{ key: string; path: string }> {
  return [
    ...(def.columns ?? []).map((key, i) => ({ key, path: `columns.${i}` })),
    ...(def.filters ?? []).map((f, i) => ({ key: f.field, path: `filters.${i}.field` })),
    ...(def.sort ? [{ key: def.sort.field, path: 'sort.field' }] : []),
    ...(def.chart ? [{ key: def.chart.groupBy, path: 'chart.groupBy' }] : []),
    ...(def.chart?.measure ? [{ key: def.chart.measure, path: 'chart.measure' }] : []),
  ];
}

/**
 * Filter operators by column kind: text `contains` / `equals` / `notEquals` / `empty` / `notEmpty`;
 * date `after` / `before` (an ISO date, inclusive, in UTC); boolean `is` (`true` / `false`); list
 * `includes` (a name, case-insensitive) / `empty` / `notEmpty`; day `after` / `before` (inclusive); number
 * `atLeast` / `atMost` / `equals`.
 */
export const REPORT_FILTER_OPS = {
  text: ['contains', 'equals', 'notEquals', 'empty', 'notEmpty'],
  date: ['after', 'before'],
  day: ['after', 'before'],
  boolean: ['is'],
  list: ['includes', 'empty', 'notEmpty'],
  number: ['atLeast', 'atMost', 'equals'],
} as const satisfies Record<ReportColumnKind, readonly string[]>;
export const ALL_REPORT_FILTER_OPS = [
  'contains',
  'equals',
  'notEquals',
  'empty',
  'notEmpty',
  'after',
  'before',
  'is',
  'includes',
  'atLeast',
  'atMost',
] as const;
export type ReportFilterOp = (typeof ALL_REPORT_FILTER_OPS)[number];
/** Operators that take no value. */
export const VALUELESS_REPORT_OPS: readonly ReportFilterOp[] = ['empty', 'notEmpty'];

export const reportFilterSchema = z.strictObject({
  field: z.string().min(1).max(40),
  op: z.enum(ALL_REPORT_FILTER_OPS),
  value: z.string().max(200).default(''),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const reportSortSchema = z.strictObject({
  field: z.string().min(1).max(40),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ReportSort = z.infer<typeof reportSortSchema>;

/**
 * The chart a preview draws: counts by a groupable column (dates group by day), and with `measure` (a
 * number column) the sum of that column in each group too ("profit by customer").
 */
export const reportChartSchema = z.strictObject({
  groupBy: z.string().min(1).max(40),
  measure: z.string().min(1).max(40).optional(),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const REPORT_SORT_FIELDS = ['name', 'source', 'createdAt', 'updatedAt'] as const;

export const reportSketchSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  source: z.enum(REPORT_SOURCES),
  columns: z.array(z.string()),
  filters: z.array(reportFilterSchema),
  sort: reportSortSchema.nullable(),
  chart: reportChartSchema.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportSketch = z.infer<typeof reportSketchSchema>;

/** The longest report name the server keeps; the new-report form's input stops there. */
export const REPORT_NAME_MAX = 120;

const definitionFields = {
  name: z.string().trim().min(1).max(REPORT_NAME_MAX),
  description: z.string().trim().max(1000),
  source: z.enum(REPORT_SOURCES),
  columns: z.array(z.string().min(1).max(40)).min(1).max(30),
  filters: z.array(reportFilterSchema).max(20),
  sort: reportSortSchema.nullable(),
  chart: reportChartSchema.nullable(),
};

/**
 * Whether every column, filter, sort and chart of a definition names a column of its source, and each
 * filter's operator and value suit that column. Issues carry the path of the offending part, so a 400
 * names `body.filters.0.op`.
 */
function checkDefinition(
  def: {
    source?: ReportSource;
    columns?: string[];
    filters?: ReportFilter[];
    sort?: ReportSort | null;
    chart?: ReportChart | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (!def.source) return;
  const source = def.source;
  const known = (key: string) => reportColumn(source, key);
  def.columns?.forEach((key, i) => {
    if (!known(key)) ctx.addIssue({ code: 'custom', path: ['columns', i], message: `not a column of ${source}` });
  });
  if (def.columns && new Set(def.columns).size !== def.columns.length) {
    ctx.addIssue({ code: 'custom', path: ['columns'], message: 'a column is listed twice' });
  }
  def.filters?.forEach((f, i) => {
    const column = known(f.field);
    if (!column) {
      ctx.addIssue({ code: 'custom', path: ['filters', i, 'field'], message: `not a column of ${source}` });
      return;
    }
    const ops: readonly string[] = REPORT_FILTER_OPS[column.kind];
    if (!ops.includes(f.op)) {
      ctx.addIssue({ code: 'custom', path: ['filters', i, 'op'], message: `use one of ${ops.join(', ')}` });
      return;
    }
    if (VALUELESS_REPORT_OPS.includes(f.op)) return;
    if ((column.kind === 'date' || column.kind === 'day') && !z.iso.date().safeParse(f.value).success) {
      ctx.addIssue({ code: 'custom', path: ['filters', i, 'value'], message: 'a date such as 2026-01-31' });
    } else if (column.kind === 'number' && !/^-?\d{1,12}(\.\d{1,6})?$/.test(f.value.trim())) {
      ctx.addIssue({ code: 'custom', path: ['filters', i, 'value'], message: 'a number such as 1500 or 2.5' });
    } else if (column.kind === 'boolean' && f.value !== 'true' && f.value !== 'false') {
      ctx.addIssue({ code: 'custom', path: ['filters', i, 'value'], message: 'true or false' });
    } else if (f.value.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['filters', i, 'value'], message: 'a value is needed' });
    }
  });
  if (def.sort && !known(def.sort.field)) {
    ctx.addIssue({ code: 'custom', path: ['sort', 'field'], message: `not a column of ${source}` });
  }
  if (def.chart && !known(def.chart.groupBy)?.groupable) {
    ctx.addIssue({ code: 'custom', path: ['chart', 'groupBy'], message: `not a groupable column of ${source}` });
  }
  if (def.chart?.measure && known(def.chart.measure)?.kind !== 'number') {
    ctx.addIssue({ code: 'custom', path: ['chart', 'measure'], message: `not a number column of ${source}` });
  }
}

export const createReportSketchBody = z
  .strictObject({
    name: definitionFields.name,
    description: definitionFields.description.default(''),
    source: definitionFields.source,
    columns: definitionFields.columns,
    filters: definitionFields.filters.default([]),
    sort: definitionFields.sort.default(null),
    chart: definitionFields.chart.default(null),
  })
  .superRefine(checkDefinition);
export type CreateReportSketchInput = z.input<typeof createReportSketchBody>;

/**
 * An update that changes `source` must send the columns (and filters, sort, chart that it keeps) of the
 * new source; parts not sent are checked against the stored definition by the service.
 */
export const updateReportSketchBody = z
  .strictObject({
    version: versionInput.optional(),
    name: definitionFields.name.optional(),
    description: definitionFields.description.optional(),
    source: definitionFields.source.optional(),
    columns: definitionFields.columns.optional(),
    filters: definitionFields.filters.optional(),
    sort: definitionFields.sort.optional(),
    chart: definitionFields.chart.optional(),
  })
  .superRefine(checkDefinition);
export type UpdateReportSketchInput = z.input<typeof updateReportSketchBody>;

/** A whole definition, checked: what the service runs after merging an update into the stored one. */
export const reportDefinitionSchema = z
  .object({
    source: definitionFields.source,
    columns: definitionFields.columns,
    filters: definitionFields.filters,
    sort: definitionFields.sort,
    chart: definitionFields.chart,
  })
  .superRefine(checkDefinition);
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;

export const reportSketchListQuery = listQuerySchema(REPORT_SORT_FIELDS).extend({
  source: z.enum(REPORT_SOURCES).optional(),
});

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const reportRunQuery = z.strictObject({ format: z.enum(REPORT_FORMATS).default('json') });

/** Rows a JSON run answers at most (a preview); CSV and XLSX carry every row. */
export const REPORT_PREVIEW_ROWS = 200;

/** A cell: text, a timestamp (ISO), a boolean, a list of names, or nothing. */
export const reportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

/** `GET /reportSketch/{id}/run?format=json` → `{ data: ReportRun }`. */
export const reportRunSchema = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) })),
  /** The first REPORT_PREVIEW_ROWS rows, each in the order of `columns`. */
  rows: z.array(z.array(reportCellSchema)),
  /** Every matching row. */
  total: z.number().int(),
  /**
   * Counts by the definition's chart column over every matching row, largest first (dates: by day, in
   * order); with a `measure`, each point's `value` is the sum of that column in the group, and the points
   * go largest value first.
   */
  chart: z
    .object({
      groupBy: z.string(),
      measure: z.string().optional(),
      points: z.array(
        z.object({ label: z.string(), count: z.number().int(), value: z.number().nullable().optional() }),
      ),
    })
    .nullable(),
  ranAt: z.string(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

/**
 * The file name of a run's download, `<report name>-<yyyy-mm-dd>.<ext>` with only letters, digits, `-`, `_`
 * and `.` in the name part: the service sends it in `Content-Disposition`, and the app names the file the
 * same way if that header cannot be read.
 */
export function reportFileName(name: string, now: Date, extension: 'csv' | 'xlsx'): string {
  const safe =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || 'report';
  return `${safe}-${isoDate(now)}.${extension}`;
}
