/**
 * SQL of a shipment's money (migration 031), inside a tenant transaction: `/shipments/{id}/charges` (the
 * child resource's repository), the priced lines the profit is computed from, the checks a charge's values
 * need (picklist options, the company's currencies, contacts) and the money figures that reports and the
 * dashboard read per shipment. Amounts leave the database as text, so no digit is lost to a float.
 *
 * The rate of a currency on a day is the latest of its history (`company_currency_rates`) whose
 * `valid_from` is on or before that day; the base currency's is 1. The day is the shipment's ETD, or today
 * in the company's time zone when it has none.
 */
import type { Charge, CHARGE_SORT_FIELDS, ChargeKind } from '../../../src/shared/contracts/shipment-charges.ts';
import type { Queryable } from '../../db/database.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { columnTable, isoTimestamp, updateVersioned } from '../../http/list-sql-repository.ts';

type SortField = (typeof CHARGE_SORT_FIELDS)[number];

const PARTY_JOIN = 'LEFT JOIN contacts p ON p.company_id = ch.company_id AND p.id = ch.party_id';

const CHARGES = columnTable<Charge>(
  'shipment_charges',
  {
    _id: 'id',
    version: 'version',
    createdAt: { column: 'created_at', read: isoTimestamp },
    updatedAt: { column: 'updated_at', read: isoTimestamp },
    shipmentId: 'shipment_id',
    kind: 'kind',
    chargeCode: 'charge_code',
    description: 'description',
    quantity: { column: 'quantity', sql: 'ch.quantity::text' },
    unitPrice: { column: 'unit_price', sql: 'ch.unit_price::text' },
    currency: 'currency',
    // Rounded to the currency's minor units, half away from zero (PostgreSQL's `round` of a numeric).
    amount: { column: 'amount', sql: 'round(ch.quantity * ch.unit_price, app_currency_digits(ch.currency))::text' },
    partyId: 'party_id',
    partyName: { column: 'party_name', sql: 'p.name' },
  },
  { alias: 'ch', joins: PARTY_JOIN },
);

const SORT_COLUMNS = CHARGES.sortColumns<SortField>({
  createdAt: 'exact',
  kind: 'exact',
  chargeCode: 'exact',
  currency: 'exact',
  updatedAt: 'exact',
});

export interface ChargeInsert {
  id?: string | undefined;
  companyId: string;
  createdBy: string;
  kind: ChargeKind;
  chargeCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  currency: string;
  partyId: string | null;
}
export type ChargePatch = Partial<
  Pick<ChargeInsert, 'kind' | 'chargeCode' | 'description' | 'quantity' | 'unitPrice' | 'currency' | 'partyId'>
>;
const PATCH_COLUMNS: Record<keyof ChargePatch, string> = {
  kind: 'kind',
  chargeCode: 'charge_code',
  description: 'description',
  quantity: 'quantity',
  unitPrice: 'unit_price',
  currency: 'currency',
  partyId: 'party_id',
};

/** The child resource's repository: every call names the shipment the charge belongs to. */
export const shipmentChargeRepository = {
  async list(tx: Queryable, shipmentId: string, query: ListQuery<SortField>, filters: { kind?: string }) {
    const where = `WHERE ch.shipment_id = $2 AND ($3::text IS NULL OR ch.kind = $3)
                     AND ($1::text IS NULL OR ch.description ILIKE $1 OR ch.charge_code ILIKE $1)`;
    return CHARGES.list(tx, query, {
      where,
      filters: [shipmentId, filters.kind ?? null],
      sortColumns: SORT_COLUMNS,
    });
  },
  async find(tx: Queryable, shipmentId: string, id: string, options: { lock?: boolean } = {}) {
    const { rows } = await tx.query<Record<string, unknown>>(
      `${CHARGES.select} WHERE ch.id = $1 AND ch.shipment_id = $2${options.lock ? ' FOR UPDATE OF ch' : ''}`,
      [id, shipmentId],
    );
    return rows[0] === undefined ? undefined : CHARGES.toItem(rows[0]);
  },
  async insert(tx: Queryable, shipmentId: string, v: ChargeInsert): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO shipment_charges (company_id, id, shipment_id, kind, charge_code, description, quantity,
                                     unit_price, currency, party_id, created_by)
       VALUES ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5, $6, $7::numeric, $8::numeric, $9, $10, $11)
       RETURNING id`,
      [
        v.companyId,
        v.id ?? null,
        shipmentId,
        v.kind,
        v.chargeCode,
        v.description,
        v.quantity,
        v.unitPrice,
        v.currency,
        v.partyId,
        v.createdBy,
      ],
    );
    return rows[0]!.id;
  },
  async update(tx: Queryable, _shipmentId: string, id: string, patch: ChargePatch): Promise<void> {
    await updateVersioned(tx, 'shipment_charges', id, patch, PATCH_COLUMNS);
  },
  async remove(tx: Queryable, shipmentId: string, id: string): Promise<boolean> {
    const { affectedRows } = await tx.query('DELETE FROM shipment_charges WHERE id = $1 AND shipment_id = $2', [
      id,
      shipmentId,
    ]);
    return affectedRows > 0;
  },
};

/** Whether the company already has a charge with this id (a client-made id sent twice). */
export async function chargeExists(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM shipment_charges WHERE id = $1', [id]);
  return rows.length > 0;
}

/** What the money of one shipment is computed against. */
export interface MoneyContext {
  /** The company's base currency. */
  baseCurrency: string;
  etd: string | null;
  /** Today in the company's time zone (the rate day of a shipment without an ETD). */
  today: string;
  closed: boolean;
}

/**
 * The shipment's ETD and closing state and the company's base currency and today, or undefined when the
 * shipment is not the company's. `share` holds the shipment row against a concurrent closing until the
 * transaction ends (a charge written while the job closes waits for it, then sees it closed).
 */
export async function moneyContext(
  tx: Queryable,
  shipmentId: string,
  now: Date,
  options: { share?: boolean } = {},
): Promise<MoneyContext | undefined> {
  const { rows } = await tx.query<{ etd: string | null; base: string; today: string; closed: boolean }>(
    `SELECT to_char(s.etd, 'YYYY-MM-DD') AS etd, s.closed, c.currency AS base,
            to_char(($2::timestamptz AT TIME ZONE c.timezone)::date, 'YYYY-MM-DD') AS today
       FROM shipments s JOIN companies c ON c.id = s.company_id
      WHERE s.id = $1${options.share ? ' FOR SHARE OF s' : ''}`,
    [shipmentId, now.toISOString()],
  );
  const row = rows[0];
  return row && { baseCurrency: row.base, etd: row.etd, today: row.today, closed: row.closed };
}

/** One charge with the rate of its currency on the rate day (null when the currency has none then). */
export interface PricedCharge {
  id: string;
  kind: ChargeKind;
  currency: string;
  quantity: string;
  unitPrice: string;
  rate: string | null;
  validFrom: string | null;
}

/**
 * A shipment's charges, each with the rate of its currency valid on `rateDay` (the base currency's is 1,
 * valid from the day itself). The company's rates are looked up once per currency, not per line.
 */
export async function pricedCharges(
  tx: Queryable,
  shipmentId: string,
  baseCurrency: string,
  rateDay: string,
): Promise<PricedCharge[]> {
  const { rows } = await tx.query<{
    id: string;
    kind: ChargeKind;
    currency: string;
    quantity: string;
    unit_price: string;
    rate: string | null;
    valid_from: string | null;
  }>(
    `WITH rates AS (
       SELECT DISTINCT ON (cc.code) cc.code, trim_scale(r.exchange_rate)::text AS rate,
              to_char(r.valid_from, 'YYYY-MM-DD') AS valid_from
         FROM company_currencies cc JOIN company_currency_rates r ON r.currency_id = cc.id
        WHERE r.valid_from <= $3::date
        ORDER BY cc.code, r.valid_from DESC, r.id DESC
     )
     SELECT ch.id, ch.kind, ch.currency, ch.quantity::text AS quantity, ch.unit_price::text AS unit_price,
            CASE WHEN ch.currency = $2 THEN '1' ELSE rates.rate END AS rate,
            CASE WHEN ch.currency = $2 THEN to_char($3::date, 'YYYY-MM-DD') ELSE rates.valid_from END AS valid_from
       FROM shipment_charges ch LEFT JOIN rates ON rates.code = ch.currency
      WHERE ch.shipment_id = $1
      ORDER BY ch.created_at, ch.id`,
    [shipmentId, baseCurrency, rateDay],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    currency: r.currency,
    quantity: r.quantity,
    unitPrice: r.unit_price,
    rate: r.rate,
    validFrom: r.valid_from,
  }));
}

/** The active options of a picklist group of module `shipments` among `values`. */
export async function activeOptions(
  tx: Queryable,
  picklist: { module: string; group: string },
  values: readonly string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const { rows } = await tx.query<{ value: string }>(
    `SELECT value FROM dropdown_options
      WHERE module = $1 AND group_name = $2 AND is_active AND value = ANY($3::text[])`,
    [picklist.module, picklist.group, [...new Set(values)]],
  );
  return new Set(rows.map((r) => r.value));
}

/** The currencies a charge may be in: the company's base currency and its company currencies. */
export async function chargeCurrencies(tx: Queryable): Promise<{ base: string; others: Set<string> }> {
  const { rows } = await tx.query<{ base: string; codes: string[] | null }>(
    `SELECT c.currency AS base, ARRAY(SELECT code FROM company_currencies ORDER BY code) AS codes
       FROM companies c WHERE c.id = app_company_id()`,
  );
  return { base: rows[0]?.base ?? '', others: new Set(rows[0]?.codes ?? []) };
}

// ---------- money per shipment in SQL (reports, the dashboard) ----------

/**
 * The common table expressions the money of many shipments reads, to put in a `WITH` before a query that
 * uses {@link shipmentMoneySql}: the company's base currency, its minor units and today in its time zone
 * (`money_company`), and each currency's rates as periods (`money_rates`: a rate holds from its `valid_from`
 * until the next one's; of two rates of one day, the newer). Computed once per query, so a shipment's
 * lines are priced by joining a few rows, not by a lookup per line.
 */
export const MONEY_CTES = `money_company AS MATERIALIZED (
     SELECT currency, app_currency_digits(currency) AS digits, (now() AT TIME ZONE timezone)::date AS today
       FROM companies WHERE id = app_company_id()
   ), money_rates AS MATERIALIZED (
     SELECT code, exchange_rate, valid_from,
            lead(valid_from) OVER (PARTITION BY code ORDER BY valid_from) AS valid_to
       FROM (SELECT DISTINCT ON (cc.code, r.valid_from) cc.code, r.exchange_rate, r.valid_from
               FROM company_currencies cc JOIN company_currency_rates r ON r.currency_id = cc.id
              ORDER BY cc.code, r.valid_from, r.id DESC) latest
   )`;

/**
 * The SQL of one shipment's revenue and cost in the base currency, exact and then rounded to its minor
 * units, and how many of its lines have no rate, for the shipment whose id, company and ETD are the given
 * SQL expressions: a LATERAL subquery with the columns `revenue`, `cost` (numeric, rounded) and `unpriced`,
 * `revenue_lines`, `lines` (integers). Revenue and cost are rounded once each, so revenue − cost is the
 * profit `money.ts` answers. Needs {@link MONEY_CTES}. Shared by the reports' shipments source and the
 * dashboard, so that both agree with `GET /shipments/{id}/profit`.
 */
export function shipmentMoneySql(row: { id: string; companyId: string; etd: string }): string {
  const day = `coalesce(${row.etd}, mc.today)`;
  const base = `ch.quantity * ch.unit_price * CASE WHEN ch.currency = mc.currency THEN 1 ELSE p.exchange_rate END`;
  return `(SELECT round(coalesce(t.revenue, 0), mc.digits) AS revenue, round(coalesce(t.cost, 0), mc.digits) AS cost,
                  t.unpriced, t.revenue_lines, t.lines
             FROM money_company mc
             CROSS JOIN LATERAL (
               SELECT sum(${base}) FILTER (WHERE ch.kind = 'revenue') AS revenue,
                      sum(${base}) FILTER (WHERE ch.kind = 'cost') AS cost,
                      count(*) FILTER (WHERE ch.currency <> mc.currency AND p.exchange_rate IS NULL)::int AS unpriced,
                      count(*) FILTER (WHERE ch.kind = 'revenue')::int AS revenue_lines,
                      count(*)::int AS lines
                 FROM shipment_charges ch
                 LEFT JOIN money_rates p ON p.code = ch.currency AND p.valid_from <= ${day}
                                        AND (p.valid_to IS NULL OR ${day} < p.valid_to)
                WHERE ch.company_id = ${row.companyId} AND ch.shipment_id = ${row.id}
             ) t)`;
}

/** The jobs closed between two instants and the sum of their profits in the base currency (each rounded). */
export async function closedJobsProfit(
  tx: Queryable,
  range: { from: string; to: string },
): Promise<{ closedJobs: number; profit: string; currency: string }> {
  const { rows } = await tx.query<{ closed_jobs: number; profit: string | null; currency: string }>(
    `WITH ${MONEY_CTES}
     SELECT count(*)::int AS closed_jobs, sum(m.revenue - m.cost) FILTER (WHERE m.unpriced = 0)::text AS profit,
            (SELECT currency FROM companies WHERE id = app_company_id()) AS currency
       FROM shipments s CROSS JOIN LATERAL ${shipmentMoneySql({ id: 's.id', companyId: 's.company_id', etd: 's.etd' })} m
      WHERE s.closed AND s.closed_at >= $1::timestamptz AND s.closed_at < $2::timestamptz`,
    [range.from, range.to],
  );
  const row = rows[0]!;
  return { closedJobs: row.closed_jobs, profit: row.profit ?? '0', currency: row.currency };
}

/** The start of `month` (`2026-03`) and of the month after it, in the company's time zone, as instants. */
export async function monthRange(
  tx: Queryable,
  month: string | undefined,
  now: Date,
): Promise<{ month: string; from: string; to: string }> {
  const { rows } = await tx.query<{ month: string; from_at: unknown; to_at: unknown }>(
    `WITH m AS (
       SELECT c.timezone,
              coalesce(to_date($1, 'YYYY-MM'), date_trunc('month', $2::timestamptz AT TIME ZONE c.timezone)::date)
                AS month_start
         FROM companies c WHERE c.id = app_company_id()
     )
     SELECT to_char(month_start, 'YYYY-MM') AS month,
            (month_start::timestamp AT TIME ZONE timezone) AS from_at,
            ((month_start + interval '1 month')::timestamp AT TIME ZONE timezone) AS to_at
       FROM m`,
    [month ?? null, now.toISOString()],
  );
  const row = rows[0]!;
  return { month: row.month, from: isoTimestamp(row.from_at), to: isoTimestamp(row.to_at) };
}
