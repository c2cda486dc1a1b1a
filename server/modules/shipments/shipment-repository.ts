/**
 * SQL for `/shipments`, inside a tenant transaction (migration 026). A shipment is one row of `shipments`
 * with its containers (`shipment_containers`) and cargo lines (`shipment_cargo_lines`) as child collections
 * of the kit, read as arrays with the shipment and replaced whole with each write; the customer's name is
 * joined from `contacts`, so it is always the contact's current one.
 */
import type {
  Shipment,
  ShipmentCargoLine,
  ShipmentContainer,
  ShipmentValues,
  SHIPMENT_SORT_FIELDS,
} from '../../../src/shared/contracts/shipments.ts';
import type { OPEN_STATUSES, ShipmentStatus } from '../../../src/shared/shipments/codes.ts';
import { normalizeSearchText } from '../../../src/shared/shipments/search.ts';
import type { ShipmentTotals } from '../../../src/shared/shipments/totals.ts';
import type { Queryable } from '../../db/database.ts';
import type { ListQuery } from '../../http/list-query.ts';
import {
  childCollectionSql,
  childRows,
  columnTable,
  isoTimestamp,
  isoTimestampOrNull,
  orderByClause,
  replaceChildRows,
  updateVersioned,
  type ChildCollection,
} from '../../http/list-sql-repository.ts';
import { searchDocumentKey, searchDocumentPattern } from '../../http/search-document.ts';

type SortField = (typeof SHIPMENT_SORT_FIELDS)[number];

export const CONTAINERS: ChildCollection<ShipmentContainer> = {
  table: 'shipment_containers',
  parentColumn: 'shipment_id',
  fields: {
    number: { column: 'number', type: 'text' },
    sizeType: { column: 'size_type', type: 'text' },
    seals: { column: 'seals', type: 'text[]' },
    grossWeightKg: { column: 'gross_weight_kg', type: 'double precision' },
  },
};

/** A cargo line as stored: the dangerous goods in three columns, all set or none. */
interface StoredCargoLine extends Omit<ShipmentCargoLine, 'dangerousGoods'> {
  dgUnNumber: string | null;
  dgClass: string | null;
  dgPackingGroup: 'I' | 'II' | 'III' | null;
}

export const CARGO_LINES: ChildCollection<StoredCargoLine> = {
  table: 'shipment_cargo_lines',
  parentColumn: 'shipment_id',
  fields: {
    description: { column: 'description', type: 'text' },
    packages: { column: 'packages', type: 'integer' },
    packageType: { column: 'package_type', type: 'text' },
    grossWeightKg: { column: 'gross_weight_kg', type: 'double precision' },
    volumeM3: { column: 'volume_m3', type: 'double precision' },
    hsCode: { column: 'hs_code', type: 'text' },
    containerNumber: { column: 'container_number', type: 'text' },
    dgUnNumber: { column: 'dg_un_number', type: 'text' },
    dgClass: { column: 'dg_class', type: 'text' },
    dgPackingGroup: { column: 'dg_packing_group', type: 'text' },
  },
};

function toStoredCargo(line: ShipmentCargoLine): StoredCargoLine {
  const { dangerousGoods, ...rest } = line;
  return {
    ...rest,
    dgUnNumber: dangerousGoods?.unNumber ?? null,
    dgClass: dangerousGoods?.class ?? null,
    dgPackingGroup: dangerousGoods?.packingGroup ?? null,
  };
}

function fromStoredCargo(line: StoredCargoLine): ShipmentCargoLine {
  const { dgUnNumber, dgClass, dgPackingGroup, ...rest } = line;
  return {
    ...rest,
    dangerousGoods:
      dgUnNumber && dgClass && dgPackingGroup
        ? { unNumber: dgUnNumber, class: dgClass, packingGroup: dgPackingGroup }
        : null,
  };
}

const CUSTOMER_JOIN = 'JOIN contacts c ON c.company_id = s.company_id AND c.id = s.customer_id';

const day = (column: string) => ({ column, sql: `to_char(s.${column}, 'YYYY-MM-DD')` });
const col = (column: string) => ({ column, sql: `s.${column}` });

const table = columnTable<Shipment>(
  'shipments',
  {
    _id: col('id'),
    version: col('version'),
    createdAt: { ...col('created_at'), read: isoTimestamp },
    updatedAt: { ...col('updated_at'), read: isoTimestamp },
    number: col('number'),
    mode: col('mode'),
    direction: col('direction'),
    status: col('status'),
    closed: col('closed'),
    closedAt: { column: 'closed_at', read: isoTimestampOrNull },
    lossReason: col('loss_reason'),
    customerId: col('customer_id'),
    customerName: { column: 'customer_name', sql: 'c.name' },
    shipperId: col('shipper_id'),
    consigneeId: col('consignee_id'),
    notifyPartyId: col('notify_party_id'),
    agentId: col('agent_id'),
    carrierId: col('carrier_id'),
    incoterm: col('incoterm'),
    incotermPlace: col('incoterm_place'),
    freightPayment: col('freight_payment'),
    origin: col('origin'),
    destination: col('destination'),
    placeOfReceipt: col('place_of_receipt'),
    placeOfDelivery: col('place_of_delivery'),
    etd: day('etd'),
    eta: day('eta'),
    carrierBookingReference: col('carrier_booking_reference'),
    masterBillNumber: col('master_bill_number'),
    houseBillNumber: col('house_bill_number'),
    vesselName: col('vessel_name'),
    vesselImo: col('vessel_imo'),
    voyage: col('voyage'),
    flightNumber: col('flight_number'),
    containers: { column: 'containers', sql: childCollectionSql(CONTAINERS, 's'), read: childRows<ShipmentContainer> },
    cargo: {
      column: 'cargo',
      sql: childCollectionSql(CARGO_LINES, 's'),
      read: (value) => childRows<StoredCargoLine>(value).map(fromStoredCargo),
    },
    totals: {
      column: 'totals',
      sql: `json_build_object('packages', s.total_packages, 'grossWeightKg', s.total_gross_weight_kg,
        'volumeM3', s.total_volume_m3, 'chargeableWeightKg', s.chargeable_weight_kg)`,
      read: (value) => (typeof value === 'string' ? JSON.parse(value) : value) as ShipmentTotals,
    },
  },
  { alias: 's', joins: CUSTOMER_JOIN },
);

/** What the service derives and stores next to the caller's values. */
export interface ShipmentDerived {
  status: ShipmentStatus;
  closed: boolean;
  totals: ShipmentTotals;
  /** The number, container numbers, bill numbers and booking reference in the search's compared form. */
  searchKeys: string;
  /** The customer's name in the search's compared form. */
  customerSearch: string;
  /** The closing (migration 031): when, by whom, and why a job closed at a loss; left as stored when absent. */
  closedAt?: string | null;
  closedBy?: string | null;
  lossReason?: string | null;
}

export type ShipmentInsert = ShipmentValues &
  ShipmentDerived & { id?: string | undefined; companyId: string; createdBy: string; number: string };
export type ShipmentPatch = ShipmentValues & ShipmentDerived;

/** The shipment's own columns (everything but the children and what is fixed at creation). */
const PATCH_COLUMNS = {
  mode: 'mode',
  direction: 'direction',
  status: 'status',
  closed: 'closed',
  closedAt: 'closed_at',
  closedBy: 'closed_by',
  lossReason: 'loss_reason',
  customerId: 'customer_id',
  shipperId: 'shipper_id',
  consigneeId: 'consignee_id',
  notifyPartyId: 'notify_party_id',
  agentId: 'agent_id',
  carrierId: 'carrier_id',
  incoterm: 'incoterm',
  incotermPlace: 'incoterm_place',
  freightPayment: 'freight_payment',
  origin: 'origin',
  destination: 'destination',
  placeOfReceipt: 'place_of_receipt',
  placeOfDelivery: 'place_of_delivery',
  etd: 'etd',
  eta: 'eta',
  carrierBookingReference: 'carrier_booking_reference',
  masterBillNumber: 'master_bill_number',
  houseBillNumber: 'house_bill_number',
  vesselName: 'vessel_name',
  vesselImo: 'vessel_imo',
  voyage: 'voyage',
  flightNumber: 'flight_number',
  totalPackages: 'total_packages',
  totalGrossWeightKg: 'total_gross_weight_kg',
  totalVolumeM3: 'total_volume_m3',
  chargeableWeightKg: 'chargeable_weight_kg',
  searchKeys: 'search_keys',
  customerSearch: 'customer_search',
} as const;
type PatchField = keyof typeof PATCH_COLUMNS;

function columnValues(v: ShipmentPatch): Partial<Record<PatchField, unknown>> {
  const { totals, containers: _containers, cargo: _cargo, ...rest } = v;
  return {
    ...rest,
    totalPackages: totals.packages,
    totalGrossWeightKg: totals.grossWeightKg,
    totalVolumeM3: totals.volumeM3,
    chargeableWeightKg: totals.chargeableWeightKg,
  };
}

const SORT_COLUMNS = table.sortColumns<SortField>({
  number: { sql: 's.number' },
  etd: { sql: 's.etd' },
  eta: { sql: 's.eta' },
  status: { sql: 's.status' },
  customerName: { sql: 'lower(c.name)' },
  createdAt: { sql: 's.created_at' },
  updatedAt: { sql: 's.updated_at' },
});

/** The filters of `POST /shipments/paginate` after parsing (arrays for the many-valued ones). */
export interface ShipmentListFilters {
  mode?: string[] | undefined;
  status?: string[] | undefined;
  direction?: string[] | undefined;
  customerId?: string | undefined;
  origin?: string | undefined;
  destination?: string | undefined;
  etdFrom?: string | undefined;
  etdTo?: string | undefined;
  etaFrom?: string | undefined;
  etaTo?: string | undefined;
}

/**
 * One page of shipments. The search matches the stored search text (number, container numbers, bill
 * numbers, booking reference, customer's name) in its compared form, through the trigram index.
 */
export async function listShipments(
  tx: Queryable,
  query: ListQuery<SortField>,
  filters: ShipmentListFilters = {},
): Promise<{ items: Shipment[]; total: number }> {
  // Only the conditions the call uses, so that each one can use its index (the trigram index for the search).
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (param: string) => string, value: unknown) => {
    if (value === undefined || value === null) return;
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  // A whole key first, else "contains" through the trigram index (migrations 026 and 028: under row-level
  // security neither lookup could use its index, so a SECURITY DEFINER function does them).
  const pattern = searchDocumentPattern(query.search, normalizeSearchText);
  if (pattern !== null) {
    params.push(searchDocumentKey(query.search, normalizeSearchText), pattern);
    conditions.push(`s.id IN (SELECT id FROM app_shipment_search($${params.length - 1}, $${params.length}))`);
  }
  add((p) => `s.mode = ANY(${p}::text[])`, filters.mode);
  add((p) => `s.status = ANY(${p}::text[])`, filters.status);
  add((p) => `s.direction = ANY(${p}::text[])`, filters.direction);
  add((p) => `s.customer_id = ${p}::uuid`, filters.customerId);
  add((p) => `s.origin = ${p}`, filters.origin);
  add((p) => `s.destination = ${p}`, filters.destination);
  add((p) => `s.etd >= ${p}::date`, filters.etdFrom);
  add((p) => `s.etd <= ${p}::date`, filters.etdTo);
  add((p) => `s.eta >= ${p}::date`, filters.etaFrom);
  add((p) => `s.eta <= ${p}::date`, filters.etaTo);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 's.id');
  // The count reads `shipments` alone. The page picks its ids first, on the shipments' own columns (and
  // the customer's name only when it sorts by it), then reads the containers, cargo lines and customer of
  // those ids only: reading them for each row the filter matches, or for the rows OFFSET skips, cost more
  // than the rest of the list at 100,000 shipments.
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipments s ${where}`, params);
  const sortJoin = orderBy.includes('c.') ? ` ${CUSTOMER_JOIN}` : '';
  const next = params.length + 1;
  const { rows } = await tx.query<Record<string, unknown>>(
    `${table.select} WHERE s.id IN (SELECT s.id FROM shipments s${sortJoin} ${where} ${orderBy} LIMIT $${next} OFFSET $${next + 1}) ${orderBy}`,
    [...params, query.limit, query.offset],
  );
  return { items: rows.map(table.toItem), total: count.rows[0]?.n ?? 0 };
}

async function insert(tx: Queryable, v: ShipmentInsert): Promise<string> {
  const values = columnValues(v);
  const fields = Object.keys(PATCH_COLUMNS) as PatchField[];
  const columns = fields.map((f) => PATCH_COLUMNS[f]);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO shipments (company_id, id, number, created_by, ${columns.join(', ')})
     VALUES ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, ${fields.map((_, i) => `$${i + 5}`).join(', ')})
     RETURNING id`,
    [v.companyId, v.id ?? null, v.number, v.createdBy, ...fields.map((f) => values[f] ?? null)],
  );
  const id = rows[0]!.id;
  await writeChildren(tx, { companyId: v.companyId, id }, v, { newParent: true });
  return id;
}

async function writeChildren(
  tx: Queryable,
  parent: { companyId: string; id: string },
  v: Pick<ShipmentValues, 'containers' | 'cargo'>,
  options: { newParent?: boolean } = {},
): Promise<void> {
  await replaceChildRows(tx, CONTAINERS, parent, v.containers, options);
  await replaceChildRows(tx, CARGO_LINES, parent, v.cargo.map(toStoredCargo), options);
}

/**
 * Gives a shipment just created its number, in one statement: the next number of the company's series
 * (`shipment:SEA`) and year, formatted as `formatShipmentNumber` does (`SEA-2026-00017`, five digits or
 * more), into the row and, in the search's compared form, at the head of its search keys. The counter row
 * stays locked until the commit (`number-series-repository.ts`), so the create calls this last.
 */
export async function assignShipmentNumber(
  tx: Queryable,
  shipment: { companyId: string; id: string; prefix: string; year: number },
): Promise<string> {
  const { rows } = await tx.query<{ number: string }>(
    `WITH n AS (
       INSERT INTO number_counters (company_id, series, year, last_value) VALUES ($1, 'shipment:' || $2, $3, 1)
       ON CONFLICT (company_id, series, year) DO UPDATE SET last_value = number_counters.last_value + 1
       RETURNING last_value
     ), f AS (
       SELECT $2 || '-' || $3 || '-' || lpad(last_value::text, greatest(5, length(last_value::text)), '0') AS number FROM n
     )
     UPDATE shipments s SET number = f.number, search_keys = btrim(replace(f.number, '-', '') || ' ' || s.search_keys)
       FROM f WHERE s.company_id = $1 AND s.id = $4
     RETURNING s.number`,
    [shipment.companyId, shipment.prefix, shipment.year, shipment.id],
  );
  if (!rows[0]) throw new Error(`shipment ${shipment.id} was not found to number`);
  return rows[0].number;
}

async function update(tx: Queryable, id: string, patch: ShipmentPatch & { companyId: string }): Promise<void> {
  await updateVersioned(tx, 'shipments', id, columnValues(patch), PATCH_COLUMNS);
  await writeChildren(tx, { companyId: patch.companyId, id }, patch);
}

export const shipmentRepository = {
  list: (tx: Queryable, query: ListQuery<SortField>) => listShipments(tx, query),
  find: (tx: Queryable, id: string, options: { lock?: boolean } = {}) => table.find(tx, id, options),
  insert,
  update,
  remove: (tx: Queryable, id: string) => table.remove(tx, id),
};

/** Whether the company already has a shipment with this id (a client-made id sent twice). */
export async function shipmentExists(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM shipments WHERE id = $1', [id]);
  return rows.length > 0;
}

/** The names of those of `ids` that are contacts of the company (another company's are not). */
export async function contactNames(tx: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<{ id: string; name: string }>(
    'SELECT id, name FROM contacts WHERE id = ANY($1::uuid[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Keeps the search current when a contact is renamed: the shipments whose customer it is get the new
 * name's compared form (the contact update calls this in its own transaction).
 */
export async function renameCustomerInSearch(tx: Queryable, contactId: string, name: string): Promise<void> {
  await tx.query('UPDATE shipments SET customer_search = $2 WHERE customer_id = $1 AND customer_search <> $2', [
    contactId,
    normalizeSearchText(name),
  ]);
}

/**
 * The dashboard's figures: open shipments by status, and the departures (ETD) and arrivals (ETA) in
 * `from`…`to`, closed and cancelled ones left out.
 */
export async function shipmentSummary(
  tx: Queryable,
  range: { from: string; to: string },
): Promise<{ open: Partial<Record<(typeof OPEN_STATUSES)[number], number>>; departures: number; arrivals: number }> {
  const { rows } = await tx.query<{ status: string; n: number; departures: number; arrivals: number }>(
    `SELECT status, count(*)::int AS n,
            count(*) FILTER (WHERE etd BETWEEN $1::date AND $2::date)::int AS departures,
            count(*) FILTER (WHERE eta BETWEEN $1::date AND $2::date)::int AS arrivals
       FROM shipments WHERE status NOT IN ('closed', 'cancelled') GROUP BY status`,
    [range.from, range.to],
  );
  const open: Record<string, number> = {};
  let departures = 0;
  let arrivals = 0;
  for (const r of rows) {
    open[r.status] = r.n;
    departures += r.departures;
    arrivals += r.arrivals;
  }
  return { open, departures, arrivals };
}
