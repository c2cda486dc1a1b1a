/**
 * Money for the charges benchmark (./charges.ts): rates for the demo company's currencies (and GBP) valid
 * from before every fixture ETD, one demo shipment with 200 charge lines in five currencies, and six
 * charges on every fixture shipment (./shipment-fixture.ts) — freight, handling and documentation sold,
 * the carrier, the agent and the trucker bought — in US dollars, euros, yuan and Singapore dollars, with
 * prices that vary by shipment. Deterministic: the same rows on every run.
 */
import type { Database, Queryable } from '../server/db/database.ts';

/** The currencies beside the demo company's base (USD), with a rate each. */
export const FIXTURE_RATES: ReadonlyArray<{ code: string; rate: string }> = [
  { code: 'EUR', rate: '1.0850' },
  { code: 'CNY', rate: '0.1385' },
  { code: 'SGD', rate: '0.7420' },
  { code: 'GBP', rate: '1.2650' },
];

/** Gives each fixture currency a rate valid from `validFrom` (adding the currency where the company lacks it). */
export async function insertFixtureRates(
  tx: Queryable,
  company: { companyId: string; userId: string },
  validFrom: string,
): Promise<void> {
  for (const { code, rate } of FIXTURE_RATES) {
    await tx.query(
      `INSERT INTO company_currencies (company_id, code, exchange_rate, valid_from, created_by)
       VALUES ($1, $2, $3::numeric, $4::date, $5) ON CONFLICT (company_id, code) DO NOTHING`,
      [company.companyId, code, rate, validFrom, company.userId],
    );
    await tx.query(
      `INSERT INTO company_currency_rates (company_id, currency_id, exchange_rate, valid_from, set_by)
       SELECT company_id, id, $2::numeric, $3::date, $4 FROM company_currencies WHERE code = $1`,
      [code, rate, validFrom, company.userId],
    );
  }
}

/** Adds `lines` charges in five currencies to the company's first shipment with an ETD; answers its id. */
export async function insertManyLines(
  tx: Queryable,
  company: { companyId: string; userId: string },
  lines: number,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM shipments WHERE etd IS NOT NULL AND NOT closed ORDER BY number LIMIT 1',
  );
  const shipmentId = rows[0]!.id;
  await tx.query(
    `INSERT INTO shipment_charges (company_id, shipment_id, kind, charge_code, description, quantity, unit_price,
                                   currency, created_by, created_at)
     SELECT $1, $2, CASE WHEN n % 3 = 0 THEN 'cost' ELSE 'revenue' END,
            (ARRAY['FRT', 'THC', 'DOC', 'CUS', 'TRK', 'INS'])[1 + n % 6], 'Line ' || n,
            (1 + n % 7)::numeric, (12.5 + (n * 37 % 1000) / 8.0)::numeric(12, 3),
            (ARRAY['USD', 'EUR', 'CNY', 'SGD', 'GBP'])[1 + n % 5], $3,
            now() + n * interval '1 millisecond'
       FROM generate_series(1, $4::int) AS n`,
    [company.companyId, shipmentId, company.userId, lines],
  );
  return shipmentId;
}

/** Six charges on every shipment of the company that has none (one statement per 20,000 shipments). */
export async function insertChargeFixture(
  db: Database,
  company: { companyId: string; userId: string },
): Promise<{ charges: number; ms: number }> {
  const started = performance.now();
  const tenant = { role: 'freight_app' as const, companyId: company.companyId };
  let charges = 0;
  for (;;) {
    const inserted = await db.transaction(tenant, async (tx) => {
      const { affectedRows } = await tx.query(
        `WITH batch AS (
           SELECT s.id, s.customer_id, abs(hashtext(s.number)) % 400 AS spread
             FROM shipments s
            WHERE NOT EXISTS (SELECT 1 FROM shipment_charges ch WHERE ch.shipment_id = s.id)
            ORDER BY s.id LIMIT 20000
         )
         INSERT INTO shipment_charges (company_id, shipment_id, kind, charge_code, description, quantity, unit_price,
                                       currency, party_id, created_by)
         SELECT $1, b.id, l.kind, l.code, l.description, l.quantity, (l.price + b.spread * l.step)::numeric(12, 2),
                l.currency, CASE WHEN l.kind = 'revenue' THEN b.customer_id END, $2
           FROM batch b CROSS JOIN (VALUES
             ('revenue', 'FRT', 'Ocean freight', 2::numeric, 1650.00, 1.25, 'USD'),
             ('revenue', 'THC', 'Origin terminal handling', 2::numeric, 245.00, 0.10, 'EUR'),
             ('revenue', 'DOC', 'Bill of lading fee', 1::numeric, 75.00, 0, 'USD'),
             ('cost', 'FRT', 'Carrier freight', 2::numeric, 1310.00, 1.10, 'USD'),
             ('cost', 'THC', 'Terminal handling', 2::numeric, 1580.00, 0.50, 'CNY'),
             ('cost', 'TRK', 'Pre-carriage', 1::numeric, 520.00, 0.20, 'SGD')
           ) AS l(kind, code, description, quantity, price, step, currency)`,
        [company.companyId, company.userId],
      );
      return affectedRows;
    });
    charges += inserted;
    if (inserted === 0) break;
  }
  return { charges, ms: performance.now() - started };
}
