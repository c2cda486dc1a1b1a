/**
 * A forwarder's year and more of shipments for the shipments benchmark (./shipments.ts): `count`
 * shipments of one company, each with 4 containers (sea) and 3 cargo lines, for 200 customers, written in
 * batches with `INSERT … SELECT FROM unnest(…)` inside tenant transactions. Every container number has its
 * ISO 6346 check digit and every shipment its search text, exactly as the service writes them, so a
 * search finds what it would in production. Deterministic: the same rows on every run.
 */
import type { Database } from '../server/db/database.ts';
import { searchDocument } from '../server/http/search-document.ts';
import { iso6346CheckDigit } from '../src/shared/shipments/check-digits.ts';
import { normalizeSearchText } from '../src/shared/shipments/search.ts';

export const FIXTURE_SEA_PORTS = [
  'NLRTM',
  'DEHAM',
  'BEANR',
  'CNSGH',
  'SGSIN',
  'USNYC',
  'ESVLC',
  'KRPUS',
  'AEJEA',
  'BRSSZ',
];
export const FIXTURE_AIRPORTS = ['AMS', 'FRA', 'JFK', 'PVG', 'SIN', 'DXB', 'ORD', 'LHR'];
const OWNERS = ['MSK', 'CSQ', 'HLX', 'CMA', 'TGH', 'MSC', 'OOL', 'EGH'];
const STATUSES = ['draft', 'booked', 'in-transit', 'arrived', 'delivered', 'closed'];
const BATCH = 2000;

/** A small seeded generator: the same data on every run. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The n-th fixture container number, with its check digit (distinct for n below 8 × 10⁶). */
export function fixtureContainerNumber(n: number): string {
  const first = `${OWNERS[n % OWNERS.length]}U${String(Math.floor(n / OWNERS.length) % 1_000_000).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
}

export const fixtureMasterBill = (n: number) => `MAEU${String(700_000_000 + n)}`;

const day = (base: number, offsetDays: number) => new Date(base + offsetDays * 86_400_000).toISOString().slice(0, 10);

export interface ShipmentFixture {
  shipments: number;
  containers: number;
  cargoLines: number;
  ms: number;
}

export async function insertShipmentFixture(
  db: Database,
  options: { companyId: string; userId: string; count: number; year: number },
): Promise<ShipmentFixture> {
  const started = performance.now();
  const { companyId, userId, count, year } = options;
  const tenant = { role: 'freight_app' as const, companyId };
  const next = random(23);

  const customers = await db.transaction(tenant, async (tx) => {
    const { rows } = await tx.query<{ id: string; name: string }>(
      `INSERT INTO contacts (company_id, name, country, created_by)
       SELECT $1::uuid, 'Fixture Customer ' || n, 'NL', $2::uuid FROM generate_series(1, 200) AS n
       RETURNING id, name`,
      [companyId, userId],
    );
    return rows;
  });

  let containerSeq = 0;
  const yearStart = Date.UTC(year, 0, 1);
  for (let from = 0; from < count; from += BATCH) {
    const s: Record<string, unknown[]> = {};
    const push = (key: string, value: unknown) => (s[key] ??= []).push(value);
    const k: Record<string, unknown[]> = {};
    const pushK = (key: string, value: unknown) => (k[key] ??= []).push(value);
    const c: Record<string, unknown[]> = {};
    const pushC = (key: string, value: unknown) => (c[key] ??= []).push(value);
    for (let n = from; n < Math.min(count, from + BATCH); n += 1) {
      const id = crypto.randomUUID();
      const air = n % 5 === 4;
      const mode = air ? 'air' : n % 5 === 3 ? 'sea-lcl' : 'sea-fcl';
      const prefix = air ? 'AIR' : 'SEA';
      const customer = customers[Math.floor(next() * customers.length)]!;
      const places = air ? FIXTURE_AIRPORTS : FIXTURE_SEA_PORTS;
      const origin = places[Math.floor(next() * places.length)]!;
      const destination = places.filter((p) => p !== origin)[Math.floor(next() * (places.length - 1))]!;
      const etdOffset = Math.floor(next() * 400);
      const number = `${prefix}-${year}-${String(n + 1).padStart(5, '0')}`;
      const master = air
        ? `020-${String(1_000_000 + (n % 8_000_000)).padStart(7, '0')}${(1_000_000 + (n % 8_000_000)) % 7}`
        : fixtureMasterBill(n);
      const booking = `BKG${String(5_000_000 + n)}`;
      const containers = air ? [] : [0, 1, 2, 3].map(() => fixtureContainerNumber(containerSeq++));
      containers.forEach((number, position) => {
        pushK('shipment', id);
        pushK('position', position);
        pushK('number', number);
        pushK('sizeType', position % 2 ? '45G1' : '22G1');
      });
      let packages = 0;
      let weight = 0;
      let volume = 0;
      for (let line = 0; line < 3; line += 1) {
        const p = 1 + Math.floor(next() * 40);
        const w = Math.round(100 + next() * 4000);
        const v = Math.round(next() * 300) / 10;
        packages += p;
        weight += w;
        volume += v;
        pushC('shipment', id);
        pushC('position', line);
        pushC('description', ['Machine parts', 'Frozen fish', 'Textiles', 'Furniture'][line % 4]);
        pushC('packages', p);
        pushC('packageType', ['CT', 'PX', 'BX'][line]);
        pushC('weight', w);
        pushC('volume', v);
        pushC('container', containers[line] ?? null);
      }
      push('id', id);
      push('number', number);
      push('mode', mode);
      push('status', STATUSES[n % STATUSES.length]);
      push('customer', customer.id);
      push('origin', origin);
      push('destination', destination);
      push('etd', day(yearStart, etdOffset));
      push('eta', day(yearStart, etdOffset + (air ? 1 : 20 + Math.floor(next() * 20))));
      push('booking', booking);
      push('master', master);
      push('packages', packages);
      push('weight', weight);
      push('volume', Math.round(volume * 1000) / 1000);
      push('chargeable', air ? Math.max(weight, (volume * 1_000_000) / 6000) : null);
      push('keys', searchDocument([number, ...containers, master, booking], normalizeSearchText));
      push('customerSearch', normalizeSearchText(customer.name));
    }
    await db.transaction(tenant, async (tx) => {
      await tx.query(
        `INSERT INTO shipments (company_id, id, number, mode, direction, status, closed, customer_id, origin, destination,
                                etd, eta, carrier_booking_reference, master_bill_number, total_packages,
                                total_gross_weight_kg, total_volume_m3, chargeable_weight_kg, search_keys,
                                customer_search, created_by)
         SELECT $1::uuid, id, number, mode, 'export', status, status = 'closed', customer, origin, destination, etd, eta,
                booking, master, packages, weight, volume, chargeable, keys, customer_search, $2::uuid
           FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::text[], $10::date[],
                       $11::date[], $12::text[], $13::text[], $14::int[], $15::float8[], $16::float8[], $17::float8[],
                       $18::text[], $19::text[])
             AS t(id, number, mode, status, customer, origin, destination, etd, eta, booking, master, packages, weight,
                  volume, chargeable, keys, customer_search)`,
        [
          companyId,
          userId,
          s.id,
          s.number,
          s.mode,
          s.status,
          s.customer,
          s.origin,
          s.destination,
          s.etd,
          s.eta,
          s.booking,
          s.master,
          s.packages,
          s.weight,
          s.volume,
          s.chargeable,
          s.keys,
          s.customerSearch,
        ],
      );
      if (k.shipment)
        await tx.query(
          `INSERT INTO shipment_containers (company_id, shipment_id, position, number, size_type)
           SELECT $1::uuid, * FROM unnest($2::uuid[], $3::int[], $4::text[], $5::text[])`,
          [companyId, k.shipment, k.position, k.number, k.sizeType],
        );
      await tx.query(
        `INSERT INTO shipment_cargo_lines (company_id, shipment_id, position, description, packages, package_type,
                                           gross_weight_kg, volume_m3, container_number)
         SELECT $1::uuid, * FROM unnest($2::uuid[], $3::int[], $4::text[], $5::int[], $6::text[], $7::float8[],
                                        $8::float8[], $9::text[])`,
        [companyId, c.shipment, c.position, c.description, c.packages, c.packageType, c.weight, c.volume, c.container],
      );
    });
  }
  // The next shipment the service numbers follows the fixture's (sea and air share the fixture's sequence).
  await db.transaction(tenant, (tx) =>
    tx.query(
      `INSERT INTO number_counters (company_id, series, year, last_value)
       VALUES ($1, 'shipment:SEA', $2, $3), ($1, 'shipment:AIR', $2, $3)
       ON CONFLICT (company_id, series, year) DO UPDATE SET last_value = EXCLUDED.last_value`,
      [companyId, year, count],
    ),
  );
  // A company that grew to this size over a year has its tables' statistics (autovacuum keeps them); one
  // written in seconds has none until autovacuum's next round, and without them the planner takes the
  // tables for empty (a nested loop over every contact, the company-wide index for a search). The bench
  // measures the product in its steady state, so it gathers them as autovacuum would.
  await db.owner().query('ANALYZE contacts, shipments, shipment_containers, shipment_cargo_lines');
  return { shipments: count, containers: containerSeq, cargoLines: count * 3, ms: performance.now() - started };
}
