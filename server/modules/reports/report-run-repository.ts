/**
 * SQL of a report run, inside a tenant transaction (row-level security keeps every source, and every table
 * a column reads, to the caller's company). Each source is a whitelist: a column key of the catalogue
 * (src/shared/contracts/reports.ts) maps to one SQL expression of this file; nothing of the request is
 * ever spliced into SQL except as a parameter. Filters become parameterised conditions by operator; rows
 * are read in keyset batches ordered by the sort and a unique tiebreaker (the row id, in the same
 * direction), so that a run of any size reads a bounded batch per query and never an OFFSET.
 *
 * A source may compute some columns in a LATERAL subquery (a shipment's money: its charges, each at the rate
 * of its ETD). That subquery joins only the queries that need it, and a batch whose filters and sort do not
 * need it picks its rows first and computes it for those rows alone, not for every row the order passes.
 */
import {
  type REPORT_COLUMNS,
  reportColumn,
  type ReportCell,
  type ReportColumnDef,
  type ReportDefinition,
  type ReportFilter,
  type ReportSort,
  type ReportSource,
} from '../../../src/shared/contracts/reports.ts';
import type { Queryable } from '../../db/database.ts';
import { containsPattern } from '../../http/list-query.ts';
import { isoTimestamp } from '../../http/list-sql-repository.ts';
import { MONEY_CTES, shipmentMoneySql } from '../shipments/shipment-charge-repository.ts';
import {
  SHIPMENT_DIRECTION_WORDS,
  SHIPMENT_MODE_WORDS,
  SHIPMENT_STATUS_WORDS,
} from '../../../src/shared/shipments/words.ts';

type ColumnKey<S extends ReportSource> = (typeof REPORT_COLUMNS)[S][number]['key'];

interface SourceSql<S extends ReportSource> {
  /** The FROM clause, aliases included. */
  from: string;
  /** The unique tiebreaker of the order and its type (for the cursor's parameter). */
  id: string;
  idType: 'uuid' | 'bigint';
  /** The order when the definition names none. */
  defaultSort: ReportSort;
  /** Every column of the catalogue (the type makes a column without SQL a compile error). */
  columns: Record<ColumnKey<S>, string>;
  /**
   * A LATERAL subquery some columns read through its alias, joined only where they are used: `with` the
   * common table expressions it reads, `inputs` the row's values it takes (name → SQL of the source's row),
   * `sql` the subquery over those inputs (each an SQL expression).
   */
  lateral?: {
    alias: string;
    columns: ReadonlyArray<ColumnKey<S>>;
    with: string;
    inputs: Record<string, string>;
    sql: (inputs: Record<string, string>) => string;
  };
}

/** A contact's names of `table`, in name order, through the join table `links` (its `column` is the id). */
const linkedNames = (links: string, column: string, table: string) =>
  `ARRAY(SELECT n.name FROM ${links} l JOIN ${table} n ON n.id = l.${column} WHERE l.contact_id = c.id ORDER BY lower(n.name), n.id)`;

/** A code column as the words a reader expects (`in-transit` → `In transit`); an unknown code as it is. */
function wordsOf(sql: string, words: Readonly<Record<string, string>>): string {
  const cases = Object.entries(words)
    .map(([code, word]) => `WHEN '${code}' THEN '${word.replace(/'/g, "''")}'`)
    .join(' ');
  return `(CASE ${sql} ${cases} ELSE ${sql} END)`;
}

const SOURCES: { [S in ReportSource]: SourceSql<S> } = {
  contacts: {
    from: 'contacts c',
    id: 'c.id',
    idType: 'uuid',
    defaultSort: { field: 'name', direction: 'asc' },
    columns: {
      name: 'c.name',
      types: linkedNames('contact_business_types', 'business_type_id', 'business_types'),
      email: 'c.email',
      phone: 'c.phone',
      address: 'c.address',
      city: 'c.city',
      country: 'c.country',
      taxId: 'c.tax_id',
      tags: linkedNames('contact_tag_links', 'tag_id', 'contact_tags'),
      notes: 'c.notes',
      createdAt: 'c.created_at',
      updatedAt: 'c.updated_at',
    },
  },
  users: {
    from: 'users u LEFT JOIN roles r ON r.id = u.role_id',
    id: 'u.id',
    idType: 'uuid',
    defaultSort: { field: 'name', direction: 'asc' },
    columns: {
      name: 'u.name',
      email: 'u.email',
      role: 'r.name',
      disabled: 'u.disabled',
      emailVerified: 'u.email_verified',
      phone: 'u.phone',
      createdAt: 'u.created_at',
    },
  },
  audit: {
    // The actor is a user of the company; one of another company (a super admin's visit) stays hidden.
    from: 'audit_log a LEFT JOIN users u ON u.id = a.actor_user_id',
    id: 'a.id',
    idType: 'bigint',
    defaultSort: { field: 'createdAt', direction: 'desc' },
    columns: {
      createdAt: 'a.created_at',
      actor: "COALESCE(NULLIF(u.name, ''), u.email)",
      action: 'a.action',
      entity: 'a.entity',
      entityId: 'a.entity_id',
    },
  },
  shipments: {
    from: 'shipments s JOIN contacts cu ON cu.company_id = s.company_id AND cu.id = s.customer_id',
    id: 's.id',
    idType: 'uuid',
    defaultSort: { field: 'etd', direction: 'desc' },
    columns: {
      number: 's.number',
      customer: 'cu.name',
      mode: wordsOf('s.mode', SHIPMENT_MODE_WORDS),
      direction: wordsOf('s.direction', SHIPMENT_DIRECTION_WORDS),
      status: wordsOf('s.status', SHIPMENT_STATUS_WORDS),
      origin: 's.origin',
      destination: 's.destination',
      etd: 's.etd',
      eta: 's.eta',
      // The milestones' facts (migration 029): the first actual departure and arrival, and the days started
      // between the planned arrival (a PLN ARRI, else the end of the ETA's day, UTC) and the actual one, or
      // now while a booked or moving shipment has not arrived; never below 0, empty without a plan.
      actualDeparture: 's.departed_at',
      actualArrival: 's.arrived_at',
      daysLate: `(SELECT greatest(0, ceil(extract(epoch FROM (coalesce(s.arrived_at,
                    CASE WHEN s.status IN ('booked', 'in-transit') THEN now() END) - p.planned)) / 86400))::int
                    FROM (SELECT coalesce(s.planned_arrival_at, ((s.eta + 1)::timestamp AT TIME ZONE 'UTC')) AS planned) p)`,
      incoterm: 's.incoterm',
      carrierBookingReference: 's.carrier_booking_reference',
      masterBillNumber: 's.master_bill_number',
      houseBillNumber: 's.house_bill_number',
      vesselName: 's.vessel_name',
      voyage: 's.voyage',
      flightNumber: 's.flight_number',
      containers: `ARRAY(SELECT k.number FROM shipment_containers k
                          WHERE k.company_id = s.company_id AND k.shipment_id = s.id ORDER BY k.position)`,
      packages: 's.total_packages',
      grossWeightKg: 's.total_gross_weight_kg',
      volumeM3: 's.total_volume_m3',
      chargeableWeightKg: 's.chargeable_weight_kg',
      createdAt: 's.created_at',
      closedAt: 'CASE WHEN s.closed THEN s.closed_at END',
      // Rounded once each to the base currency's minor units (shipmentMoneySql), so profit = revenue − cost
      // as GET /shipments/{id}/profit answers it; empty while a line's currency has no rate on the ETD.
      revenue: 'CASE WHEN m.unpriced = 0 THEN m.revenue END',
      cost: 'CASE WHEN m.unpriced = 0 THEN m.cost END',
      profit: 'CASE WHEN m.unpriced = 0 THEN m.revenue - m.cost END',
      marginPercent:
        'CASE WHEN m.unpriced = 0 AND m.revenue <> 0 THEN round((m.revenue - m.cost) * 100 / m.revenue, 2) END',
    },
    lateral: {
      alias: 'm',
      columns: ['revenue', 'cost', 'profit', 'marginPercent'],
      with: MONEY_CTES,
      inputs: { money_id: 's.id', money_company: 's.company_id', money_etd: 's.etd' },
      sql: (i) => shipmentMoneySql({ id: i.money_id!, companyId: i.money_company!, etd: i.money_etd! }),
    },
  },
};

/** Whether any of `keys` reads the source's LATERAL subquery. */
function readsLateral(source: ReportSource, keys: readonly string[]): boolean {
  const lateral: { columns: readonly string[] } | undefined = SOURCES[source].lateral;
  return !!lateral && keys.some((key) => lateral.columns.includes(key));
}

/**
 * `LEFT JOIN LATERAL (…) alias ON true` of the source's subquery ('' when it has none), over the source's
 * row, or over the columns of a batch `b` that selected its inputs by name.
 */
function lateralJoin(source: ReportSource, over: 'row' | 'batch' = 'row'): string {
  const { lateral } = SOURCES[source];
  if (!lateral) return '';
  const inputs = Object.fromEntries(
    Object.entries(lateral.inputs).map(([name, sql]) => [name, over === 'row' ? sql : `b.${name}`]),
  );
  return `LEFT JOIN LATERAL ${lateral.sql(inputs)} ${lateral.alias} ON true`;
}

/** `WITH …` of the source's subquery when `withLateral` (else ''). */
function withClause(source: ReportSource, withLateral: boolean): string {
  const { lateral } = SOURCES[source];
  return withLateral && lateral ? `WITH ${lateral.with}` : '';
}

/** The source's FROM clause, with its LATERAL subquery when `withLateral`. */
function fromClause(source: ReportSource, withLateral: boolean): string {
  const { from } = SOURCES[source];
  return withLateral ? `${from} ${lateralJoin(source)}` : from;
}

/** Points a chart answers at most (a grouping by a free-text column could otherwise have one per row). */
export const REPORT_CHART_MAX_POINTS = 1000;

interface Column {
  def: ReportColumnDef;
  sql: string;
}

function column(source: ReportSource, key: string): Column {
  const def = reportColumn(source, key);
  const sql = (SOURCES[source].columns as Record<string, string>)[key];
  // The definition was checked against the catalogue; this is the whitelist's own guard.
  if (!def || !sql) throw new Error(`${source} has no column ${key}`);
  return { def, sql };
}

/** Collects parameters and answers their placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const textOf = (sql: string) => `coalesce(${sql}, '')`;
const startOfDayUtc = (param: string) => `(${param}::date::timestamp AT TIME ZONE 'UTC')`;

function condition(source: ReportSource, filter: ReportFilter, params: Params): string {
  const { def, sql } = column(source, filter.field);
  const value = filter.value.trim();
  switch (def.kind) {
    case 'text':
      switch (filter.op) {
        case 'contains':
          return `${textOf(sql)} ILIKE ${params.add(containsPattern(value))}`;
        case 'equals':
          return `lower(${textOf(sql)}) = lower(${params.add(value)})`;
        case 'notEquals':
          return `lower(${textOf(sql)}) <> lower(${params.add(value)})`;
        case 'empty':
          return `${textOf(sql)} = ''`;
        case 'notEmpty':
          return `${textOf(sql)} <> ''`;
        default:
          break;
      }
      break;
    case 'date':
      // Inclusive days in UTC: after 2026-01-31 keeps that whole day, before 2026-01-31 too.
      if (filter.op === 'after') return `${sql} >= ${startOfDayUtc(params.add(value))}`;
      if (filter.op === 'before') return `${sql} < ${startOfDayUtc(`(${params.add(value)}::date + 1)`)}`;
      break;
    case 'day':
      if (filter.op === 'after') return `${sql} >= ${params.add(value)}::date`;
      if (filter.op === 'before') return `${sql} <= ${params.add(value)}::date`;
      break;
    case 'number':
      if (filter.op === 'atLeast') return `${sql} >= ${params.add(value)}::numeric`;
      if (filter.op === 'atMost') return `${sql} <= ${params.add(value)}::numeric`;
      if (filter.op === 'equals') return `${sql} = ${params.add(value)}::numeric`;
      break;
    case 'boolean':
      if (filter.op === 'is') return `${sql} = ${params.add(value === 'true')}::boolean`;
      break;
    case 'list':
      if (filter.op === 'includes')
        return `EXISTS (SELECT 1 FROM unnest(${sql}) AS v(name) WHERE lower(v.name) = lower(${params.add(value)}))`;
      if (filter.op === 'empty') return `cardinality(${sql}) = 0`;
      if (filter.op === 'notEmpty') return `cardinality(${sql}) > 0`;
      break;
  }
  throw new Error(`${filter.op} does not apply to the ${def.kind} column ${filter.field}`);
}

/** The order's key for a column: text case-insensitively, a list by its names joined. Never NULL. */
function sortKey(col: Column): { sql: string; type: 'text' | 'timestamptz' | 'boolean' | 'date' | 'numeric' } {
  switch (col.def.kind) {
    case 'date':
      return { sql: col.sql, type: 'timestamptz' };
    // A missing day or number sorts first (it has none to compare): a fixed stand-in keeps the key non-NULL.
    case 'day':
      return { sql: `coalesce(${col.sql}, '0001-01-01'::date)`, type: 'date' };
    case 'number':
      return { sql: `coalesce((${col.sql})::numeric, -1e15)`, type: 'numeric' };
    case 'boolean':
      return { sql: `coalesce(${col.sql}, false)`, type: 'boolean' };
    case 'list':
      return { sql: `lower(array_to_string(${col.sql}, '; '))`, type: 'text' };
    default:
      return { sql: `lower(${textOf(col.sql)})`, type: 'text' };
  }
}

/** Where a batch ends: the last row's sort key (as text, exact) and id; the next batch starts after it. */
export interface ReportCursor {
  key: string;
  id: string;
}

interface Plan {
  source: ReportSource;
  columns: Column[];
  where: string[];
  params: Params;
  /** The columns the filters read (whether the WHERE needs the source's LATERAL subquery). */
  filterKeys: string[];
}

function plan(definition: ReportDefinition): Plan {
  const { source } = definition;
  const params = new Params();
  return {
    source,
    columns: definition.columns.map((key) => column(source, key)),
    where: definition.filters.map((f) => condition(source, f, params)),
    params,
    filterKeys: definition.filters.map((f) => f.field),
  };
}

const whereClause = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');

/** PGlite and node-postgres both answer `text[]` as an array. */
function names(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function toCell(kind: ReportColumnDef['kind'], value: unknown): ReportCell {
  if (value === null || value === undefined) return kind === 'list' ? [] : null;
  switch (kind) {
    case 'date':
      return isoTimestamp(value);
    case 'day':
      return isoDay(value);
    case 'number':
      return Number(value);
    case 'boolean':
      return value === true || value === 't' || value === 'true';
    case 'list':
      return names(value);
    default:
      return String(value);
  }
}

/** A `date` column's value as `2026-01-31`: PGlite answers a string, node-postgres a local-midnight Date. */
function isoDay(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}

/** How many rows the definition matches. */
export async function countReportRows(tx: Queryable, definition: ReportDefinition): Promise<number> {
  const p = plan(definition);
  const { rows } = await tx.query<{ n: number }>(
    `${withClause(p.source, readsLateral(p.source, p.filterKeys))}
     SELECT count(*)::int AS n FROM ${fromClause(p.source, readsLateral(p.source, p.filterKeys))} ${whereClause(p.where)}`,
    p.params.values,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Counts of the matching rows by the chart's column: largest first (then by label); a date column by day
 * in UTC (`2026-01-31`), in day order; a list column by each of its names (a row with two tags counts for
 * both, one with none under ""); an empty text under "". With `measure` (a number column), each point
 * also sums it over its group (`value`, null when no row has one), and the largest sum comes first.
 */
export async function reportChartPoints(
  tx: Queryable,
  definition: ReportDefinition,
  groupBy: string,
  measure?: string,
): Promise<Array<{ label: string; count: number; value?: number | null }>> {
  const p = plan(definition);
  const col = column(p.source, groupBy);
  const sum = measure ? column(p.source, measure) : undefined;
  const lateral = readsLateral(p.source, [...p.filterKeys, groupBy, ...(measure ? [measure] : [])]);
  const from = fromClause(p.source, lateral);
  const figures = `count(*)::int AS count${sum ? `, sum(${sum.sql})::float8 AS value` : ''}`;
  let select: string;
  let order = sum ? 'value DESC NULLS LAST, label' : 'count DESC, label';
  switch (col.def.kind) {
    case 'date':
      select = `SELECT to_char(${col.sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS label, ${figures} FROM ${from}`;
      order = 'label';
      break;
    case 'day':
      select = `SELECT coalesce(to_char(${col.sql}, 'YYYY-MM-DD'), '') AS label, ${figures} FROM ${from}`;
      order = 'label';
      break;
    case 'list':
      select = `SELECT coalesce(g.name, '') AS label, ${figures} FROM ${from}
        LEFT JOIN LATERAL unnest(${col.sql}) AS g(name) ON true`;
      break;
    case 'boolean':
      select = `SELECT (${col.sql})::text AS label, ${figures} FROM ${from}`;
      break;
    default:
      select = `SELECT ${textOf(col.sql)} AS label, ${figures} FROM ${from}`;
  }
  const { rows } = await tx.query<{ label: string; count: number; value?: number | string | null }>(
    `${withClause(p.source, lateral)} ${select} ${whereClause(p.where)} GROUP BY 1 ORDER BY ${order} LIMIT ${REPORT_CHART_MAX_POINTS}`,
    p.params.values,
  );
  return rows.map((r) =>
    sum
      ? { label: r.label, count: r.count, value: r.value === null || r.value === undefined ? null : Number(r.value) }
      : { label: r.label, count: r.count },
  );
}

/**
 * One batch of rows, each a list of cells in the order of the definition's columns, after `cursor` (from
 * the start when null); `next` is where the following batch starts, null after the last one.
 */
export async function readReportRows(
  tx: Queryable,
  definition: ReportDefinition,
  cursor: ReportCursor | null,
  limit: number,
): Promise<{ rows: ReportCell[][]; next: ReportCursor | null }> {
  const p = plan(definition);
  const source = SOURCES[p.source];
  const sort = definition.sort ?? source.defaultSort;
  const key = sortKey(column(p.source, sort.field));
  const descending = sort.direction === 'desc';
  const where = [...p.where];
  if (cursor) {
    const cursorKey = `${p.params.add(cursor.key)}::${key.type}`;
    const after = `(${cursorKey}, ${p.params.add(cursor.id)}::${source.idType})`;
    // The key's own bound besides the row comparison: an index on the key (after the company) can start
    // the batch there, where the row comparison alone would be a filter over every row before it.
    where.push(
      `${key.sql} ${descending ? '<=' : '>='} ${cursorKey} AND (${key.sql}, ${source.id}) ${descending ? '<' : '>'} ${after}`,
    );
  }
  const direction = descending ? 'DESC' : 'ASC';
  const cells = p.columns.map((c, i) => `${c.sql} AS c${i}`).join(', ');
  const lateralInWhere = readsLateral(p.source, [...p.filterKeys, sort.field]);
  const lateralInCells = readsLateral(
    p.source,
    p.columns.map((c) => c.def.key),
  );
  const lateral = source.lateral as { columns: readonly string[]; inputs: Record<string, string> } | undefined;
  // The LATERAL subquery only for the cells: the batch's rows first (with the other cells and the
  // subquery's inputs), then the subquery for those rows alone.
  const sql =
    lateral && lateralInCells && !lateralInWhere
      ? `${withClause(p.source, true)}
         SELECT ${p.columns
           .map((c, i) => (lateral.columns.includes(c.def.key) ? `${c.sql} AS c${i}` : `b.c${i}`))
           .join(', ')}, b.cursor_key, b.cursor_id::text AS cursor_id
           FROM (SELECT ${p.columns
             .map((c, i) => (lateral.columns.includes(c.def.key) ? `NULL AS c${i}` : `${c.sql} AS c${i}`))
             .join(', ')}, ${Object.entries(lateral.inputs)
             .map(([name, input]) => `${input} AS ${name}`)
             .join(', ')}, (${key.sql})::text AS cursor_key, ${key.sql} AS k, ${source.id} AS cursor_id
                   FROM ${source.from} ${whereClause(where)}
                  ORDER BY ${key.sql} ${direction}, ${source.id} ${direction}
                  LIMIT ${p.params.add(limit)}) b
           ${lateralJoin(p.source, 'batch')}
          ORDER BY b.k ${direction}, b.cursor_id ${direction}`
      : `${withClause(p.source, lateralInWhere || lateralInCells)}
         SELECT ${cells}, (${key.sql})::text AS cursor_key, ${source.id}::text AS cursor_id
           FROM ${fromClause(p.source, lateralInWhere || lateralInCells)} ${whereClause(where)}
          ORDER BY ${key.sql} ${direction}, ${source.id} ${direction}
          LIMIT ${p.params.add(limit)}`;
  const { rows } = await tx.query<Record<string, unknown>>(sql, p.params.values);
  const last = rows[rows.length - 1];
  return {
    rows: rows.map((r) => p.columns.map((c, i) => toCell(c.def.kind, r[`c${i}`]))),
    next: last && rows.length === limit ? { key: String(last.cursor_key), id: String(last.cursor_id) } : null,
  };
}
