/**
 * The kit's pieces for a record with child rows, a server-assigned number and a search across both, on the
 * seeded database as a tenant (row-level security on): child rows come back in the caller's order and are
 * replaced whole; a number series runs per company without gaps, and a refused write gives its number back;
 * a search document matches what a user types, whatever the case, accents, spaces and dashes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { normalizeSearchText } from '../../src/shared/shipments/search.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { childCollectionSql, childRows, replaceChildRows, type ChildCollection } from './list-sql-repository.ts';
import { lastInSeries, nextInSeries } from './number-series-repository.ts';
import { searchDocument, searchDocumentKey, searchDocumentPattern } from './search-document.ts';

let t: TestDatabase;
let demo: string;
let harbor: string;
let shipmentId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const owner = t.db.owner();
  const company = async (name: string) =>
    (await owner.query<{ id: string }>('SELECT id FROM companies WHERE name = $1', [name])).rows[0]!.id;
  demo = await company('Demo Freight');
  harbor = await company('Harbor Logistics');
  shipmentId = (
    await owner.query<{ id: string }>('SELECT id FROM shipments WHERE company_id = $1 ORDER BY number LIMIT 1', [demo])
  ).rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const asTenant = <T>(companyId: string, fn: (tx: Queryable) => Promise<T>) =>
  t.db.transaction({ role: 'freight_app', companyId }, fn);

interface Box {
  number: string;
  sizeType: string;
  seals: string[];
  grossWeightKg: number | null;
}
const BOXES: ChildCollection<Box> = {
  table: 'shipment_containers',
  parentColumn: 'shipment_id',
  fields: {
    number: { column: 'number', type: 'text' },
    sizeType: { column: 'size_type', type: 'text' },
    seals: { column: 'seals', type: 'text[]' },
    grossWeightKg: { column: 'gross_weight_kg', type: 'double precision' },
  },
};

const read = (tx: Queryable, id: string) =>
  tx
    .query<{ boxes: unknown }>(`SELECT ${childCollectionSql(BOXES, 's')} AS boxes FROM shipments s WHERE s.id = $1`, [
      id,
    ])
    .then((r) => childRows<Box>(r.rows[0]?.boxes));

describe('child collections', () => {
  it('stores child rows in the given order and replaces them whole', async () => {
    const first: Box[] = [
      { number: 'CSQU3054383', sizeType: '22G1', seals: ['A1', 'B2'], grossWeightKg: 12_000.5 },
      { number: 'MSKU6011672', sizeType: '45G1', seals: [], grossWeightKg: null },
    ];
    await asTenant(demo, (tx) => replaceChildRows(tx, BOXES, { companyId: demo, id: shipmentId }, first));
    expect(await asTenant(demo, (tx) => read(tx, shipmentId))).toEqual(first);

    const second = [first[1]!];
    await asTenant(demo, (tx) => replaceChildRows(tx, BOXES, { companyId: demo, id: shipmentId }, second));
    expect(await asTenant(demo, (tx) => read(tx, shipmentId))).toEqual(second);

    await asTenant(demo, (tx) => replaceChildRows(tx, BOXES, { companyId: demo, id: shipmentId }, []));
    expect(await asTenant(demo, (tx) => read(tx, shipmentId))).toEqual([]);
  });

  it('cannot write child rows into another company’s record', async () => {
    await expect(
      asTenant(harbor, (tx) =>
        replaceChildRows(tx, BOXES, { companyId: demo, id: shipmentId }, [
          { number: 'MSKU6011672', sizeType: '45G1', seals: [], grossWeightKg: null },
        ]),
      ),
    ).rejects.toThrow();
    expect(await asTenant(harbor, (tx) => read(tx, shipmentId))).toEqual([]);
  });
});

describe('number series', () => {
  it('counts per company, series and year, and a rolled-back write gives its number back', async () => {
    const series = 'test:KIT';
    expect(await asTenant(demo, (tx) => nextInSeries(tx, demo, series, 2031))).toBe(1);
    expect(await asTenant(demo, (tx) => nextInSeries(tx, demo, series, 2031))).toBe(2);
    expect(await asTenant(demo, (tx) => nextInSeries(tx, demo, series, 2032))).toBe(1);
    expect(await asTenant(harbor, (tx) => nextInSeries(tx, harbor, series, 2031))).toBe(1);
    await expect(
      asTenant(demo, async (tx) => {
        await nextInSeries(tx, demo, series, 2031);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await asTenant(demo, (tx) => lastInSeries(tx, series, 2031))).toBe(2);
    expect(await asTenant(demo, (tx) => nextInSeries(tx, demo, series, 2031))).toBe(3);
  });

  it('gives concurrent writers consecutive numbers', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 10 }, () => asTenant(demo, (tx) => nextInSeries(tx, demo, 'test:PAR', 2031))),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('search documents', () => {
  it('keeps each part once in the compared form, and a query never spans two parts', () => {
    const doc = searchDocument(
      ['SEA-2026-00001', 'msku 601167-2', null, '', 'Müller GmbH', 'MSKU6011672'],
      normalizeSearchText,
    );
    expect(doc).toBe('SEA202600001 MSKU6011672 MULLERGMBH');
    expect(searchDocumentPattern('msku 601167-2', normalizeSearchText)).toBe('%MSKU6011672%');
    expect(searchDocumentPattern(' -- ', normalizeSearchText)).toBeNull();
    expect(searchDocumentPattern('100%_', normalizeSearchText)).toBe('%100%');
    // A whole key is looked up as one: long enough, with a digit; words and short parts only by "contains".
    expect(searchDocumentKey('msku 601167-2', normalizeSearchText)).toBe('MSKU6011672');
    expect(searchDocumentKey('sea-2026-00017', normalizeSearchText)).toBe('SEA202600017');
    expect(searchDocumentKey('6011', normalizeSearchText)).toBeNull();
    expect(searchDocumentKey('Müller Logística', normalizeSearchText)).toBeNull();
    expect(searchDocumentKey(undefined, normalizeSearchText)).toBeNull();
  });
});
