/**
 * reportserver (docs/api.md section 13), called as the app calls it: report definitions created, read,
 * listed, updated and deleted on the resource kit (409 on a stale version, Idempotency-Key, audit), bad
 * definitions refused naming the field, and runs: filters of every operator kind, sort, chart counts, the
 * JSON preview against the CSV and XLSX files read back, runs larger than one batch, a client that goes
 * away, and isolation: a report and its rows never cross companies, and a run needs the source's
 * permission (Operations may run a contacts report, not a users report).
 */
import { withoutSeededContacts } from '../contacts/contacts-test-kit.ts';
import { Buffer } from 'node:buffer';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_COLUMNS,
  REPORT_PREVIEW_ROWS,
  REPORT_SOURCES,
  reportRunSchema,
  reportSketchSchema,
  type ReportCell,
  type ReportRun,
  type ReportSketch,
} from '../../../src/shared/contracts/reports.ts';
import { listAnswer } from '../../../src/shared/contracts/resource-contract.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { signIn } from '../iam/iam-resources-test-kit.ts';
import { insertFixtureAuditEntries } from '../../../bench/audit-fixture.ts';
import { REPORT_BATCH_ROWS } from './report-run.ts';
import { guardCsvFormula } from '../../../src/shared/csv-formula-guard.ts';
import { isoDate } from '../../../src/shared/dates.ts';

const REPORTS = '/reportserver/api/v1';
const CONTACTS = '/contactserver/api/v1';
type Who = { authorization: string };

let t: TestDatabase;
let reports: App;
let contacts: App;
let iam: App;
let admin: Who;
let ops: Who;
let harbor: Who;
const company: Record<'demo' | 'harbor', { id: string; adminId: string }> = {
  demo: { id: '', adminId: '' },
  harbor: { id: '', adminId: '' },
};

const system = <T>(fn: (tx: Queryable) => Promise<T>) =>
  t.db.transaction({ role: 'freight_system', companyId: null }, fn);

beforeAll(async () => {
  t = await createTestDatabase();
  await withoutSeededContacts(t.db);
  ({ app: reports } = await buildTestApp('reportserver', t.db));
  ({ app: contacts } = await buildTestApp('contactserver', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  ops = await signIn(iam, 'ops@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
  for (const [key, email] of [
    ['demo', 'admin@demo.test'],
    ['harbor', 'admin@harbor.test'],
  ] as const) {
    const { rows } = await system((tx) =>
      tx.query<{ id: string; company_id: string }>('SELECT id, company_id FROM users WHERE email = $1', [email]),
    );
    company[key] = { id: rows[0]!.company_id, adminId: rows[0]!.id };
  }

  // Contacts in both companies, with business types and tags by name (the import takes names).
  const importRows = async (who: Who, tags: string[], rows: object[]) => {
    for (const name of tags) {
      const res = await contacts.inject({
        method: 'POST',
        url: `${CONTACTS}/contact-tags`,
        headers: who,
        payload: { name, color: '#123456' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await contacts.inject({
      method: 'POST',
      url: `${CONTACTS}/contacts/import`,
      headers: who,
      payload: { rows },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await importRows(
    admin,
    ['VIP', 'Hot'],
    [
      {
        name: 'Alpha Shipping',
        types: 'Shipper',
        country: 'NL',
        city: 'Rotterdam',
        tags: 'VIP',
        email: 'a@alpha.test',
      },
      { name: 'Beta Consignee', types: 'Consignee', country: 'DE', city: 'Hamburg', phone: '+49 40 123' },
      {
        name: 'Gamma Agents',
        types: 'Agent; Shipper',
        country: 'NL',
        tags: 'VIP; Hot',
        notes: 'Says "hi", twice\nsecond line',
      },
      // A formula behind a space and a line break: a spreadsheet runs it too.
      { name: 'delta Trucking', country: 'BE', city: 'Antwerp', notes: ' \n=HYPERLINK("http://evil.test")' },
    ],
  );
  await importRows(harbor, ['VIP'], [{ name: 'Harbor Secret BV', types: 'Shipper', country: 'NL', tags: 'VIP' }]);
});
afterAll(async () => {
  await reports?.close();
  await contacts?.close();
  await iam?.close();
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Who,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  reports.inject({ method, url: `${REPORTS}${url}`, headers: { ...who, ...headers }, ...(payload ? { payload } : {}) });

async function create(body: object, who: Who = admin): Promise<ReportSketch> {
  const res = await call('POST', '/reportSketch', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return reportSketchSchema.parse(res.json().data);
}

async function run(sketch: { _id: string }, who: Who = admin): Promise<ReportRun> {
  const res = await call('GET', `/reportSketch/${sketch._id}/run`, who);
  expect(res.statusCode, res.body).toBe(200);
  return reportRunSchema.parse(res.json().data);
}

/** Runs a definition made for the purpose and answers its preview. */
async function runOf(body: object, who: Who = admin): Promise<ReportRun> {
  return run(await create({ name: 'Probe', ...body }, who), who);
}

/** The CSV download, checked for its headers, parsed back with Papa Parse (header row apart). */
async function csvOf(sketch: { _id: string }, who: Who = admin): Promise<{ header: string[]; rows: string[][] }> {
  const res = await call('GET', `/reportSketch/${sketch._id}/run?format=csv`, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = res.rawPayload.toString('utf8').slice(1);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  return { header: header!, rows };
}

async function xlsxOf(sketch: { _id: string }, who: Who = admin): Promise<ExcelJS.Worksheet> {
  const res = await call('GET', `/reportSketch/${sketch._id}/run?format=xlsx`, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** What the CSV holds for a JSON cell: lists joined, formulas defused by the product's one rule. */
function asCsvText(cell: ReportCell): string {
  return guardCsvFormula(cell === null ? '' : Array.isArray(cell) ? cell.join('; ') : String(cell));
}

const ALL_CONTACT_COLUMNS = REPORT_COLUMNS.contacts.map((c) => c.key);
const contactsCount = async (companyId: string) =>
  (
    await system((tx) =>
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE company_id = $1', [companyId]),
    )
  ).rows[0]!.n;

describe('report definitions', () => {
  it('creates, reads, lists, updates and deletes a definition; refuses a stale version; audits each write', async () => {
    const made = await create({ name: 'Contacts by country', source: 'contacts', columns: ['name', 'country'] });
    expect(made).toMatchObject({
      version: 1,
      description: '',
      filters: [],
      sort: null,
      chart: null,
      createdBy: company.demo.adminId,
    });
    const read = await call('GET', `/reportSketch/${made._id}`, admin);
    expect(read.json().data).toEqual(made);

    const updated = await call('PATCH', `/reportSketch/${made._id}`, admin, {
      version: 1,
      filters: [{ field: 'country', op: 'equals', value: 'nl' }],
      sort: { field: 'name', direction: 'desc' },
      chart: { groupBy: 'country' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      version: 2,
      name: 'Contacts by country',
      filters: [{ field: 'country', op: 'equals', value: 'nl' }],
      sort: { field: 'name', direction: 'desc' },
      chart: { groupBy: 'country' },
    });
    const cleared = await call('PATCH', `/reportSketch/${made._id}`, admin, { version: 2, chart: null });
    expect(cleared.json().data).toMatchObject({ version: 3, chart: null, sort: { field: 'name', direction: 'desc' } });
    const stale = await call('PATCH', `/reportSketch/${made._id}`, admin, { version: 2, name: 'Older' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const listed = await call('GET', '/reportSketch?limit=1', admin);
    expect(listed.statusCode, listed.body).toBe(200);
    const page = listAnswer(reportSketchSchema).parse(listed.json());
    expect(page.data).toHaveLength(1);
    expect(page.meta.total).toBeGreaterThanOrEqual(1);
    const bySource = listAnswer(reportSketchSchema).parse(
      (await call('GET', '/reportSketch?source=users', admin)).json(),
    );
    expect(bySource.data.every((s) => s.source === 'users')).toBe(true);
    const bySearch = listAnswer(reportSketchSchema).parse(
      (await call('GET', '/reportSketch?search=by%20country', admin)).json(),
    );
    expect(bySearch.data.map((s) => s._id)).toContain(made._id);

    expect((await call('DELETE', `/reportSketch/${made._id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/reportSketch/${made._id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/reportSketch/${made._id}/run`, admin)).statusCode).toBe(404);
    const { rows } = await system((tx) =>
      tx.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id', [made._id]),
    );
    expect(rows.map((r) => r.action)).toEqual([
      'reportSketch.create',
      'reportSketch.update',
      'reportSketch.update',
      'reportSketch.delete',
    ]);
  });

  it('creates once for one Idempotency-Key', async () => {
    const body = { name: 'Once only', source: 'users', columns: ['name', 'email'] };
    const before = (await call('GET', '/reportSketch?limit=1', admin)).json().meta.total as number;
    const first = await call('POST', '/reportSketch', admin, body, { 'idempotency-key': 'report-once-1' });
    const second = await call('POST', '/reportSketch', admin, body, { 'idempotency-key': 'report-once-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data._id).toBe(first.json().data._id);
    expect((await call('GET', '/reportSketch?limit=1', admin)).json().meta.total).toBe(before + 1);
  });

  it('refuses a definition that does not fit its source, naming the field, on create and on update', async () => {
    const base = { name: 'Bad', source: 'contacts', columns: ['name'] };
    for (const [body, path] of [
      [{ ...base, name: ' ' }, 'body.name'],
      [{ ...base, source: 'invoices' }, 'body.source'],
      [{ ...base, columns: [] }, 'body.columns'],
      [{ ...base, columns: ['name', 'salary'] }, 'body.columns.1'],
      [{ ...base, filters: [{ field: 'name', op: 'after', value: '2026-01-01' }] }, 'body.filters.0.op'],
      [{ ...base, filters: [{ field: 'shoeSize', op: 'equals', value: '4' }] }, 'body.filters.0.field'],
      [{ ...base, filters: [{ field: 'createdAt', op: 'after', value: 'yesterday' }] }, 'body.filters.0.value'],
      [{ ...base, filters: [{ field: 'name', op: 'equals', value: ' ' }] }, 'body.filters.0.value'],
      [{ ...base, sort: { field: 'salary', direction: 'asc' } }, 'body.sort.field'],
      [{ ...base, chart: { groupBy: 'email' } }, 'body.chart.groupBy'],
    ] as const) {
      const res = await call('POST', '/reportSketch', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const boolean = await call('POST', '/reportSketch', admin, {
      name: 'Bad',
      source: 'users',
      columns: ['name'],
      filters: [{ field: 'disabled', op: 'is', value: 'yes' }],
    });
    expect(boolean.json().details[0].path).toBe('body.filters.0.value');

    // An update is checked merged into the stored definition: the new source's columns must fit.
    const stored = await create({
      name: 'Contacts',
      source: 'contacts',
      columns: ['name', 'country'],
      filters: [{ field: 'tags', op: 'includes', value: 'VIP' }],
    });
    const moved = await call('PATCH', `/reportSketch/${stored._id}`, admin, { version: 1, source: 'users' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details.map((d: { path: string }) => d.path)).toEqual([
      'body.columns.1',
      'body.filters.0.field',
    ]);
    const fixed = await call('PATCH', `/reportSketch/${stored._id}`, admin, {
      version: 1,
      source: 'users',
      columns: ['name', 'role'],
      filters: [],
      chart: { groupBy: 'role' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ source: 'users', version: 2 });
    const badChart = await call('PATCH', `/reportSketch/${stored._id}`, admin, {
      version: 2,
      chart: { groupBy: 'phone' },
    });
    expect(badChart.json().details[0].path).toBe('body.chart.groupBy');
    const badFormat = await call('GET', `/reportSketch/${stored._id}/run?format=pdf`, admin);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().details[0].path).toContain('format');
  });
});

describe('runs', () => {
  it('answers the first rows, the total and the chart, sorted as asked', async () => {
    const result = await runOf({
      source: 'contacts',
      columns: ['name', 'types', 'country', 'tags'],
      sort: { field: 'name', direction: 'asc' },
      chart: { groupBy: 'country' },
    });
    expect(result.columns).toEqual([
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'types', label: 'Business types', kind: 'list' },
      { key: 'country', label: 'Country', kind: 'text' },
      { key: 'tags', label: 'Tags', kind: 'list' },
    ]);
    expect(result.rows).toEqual([
      ['Alpha Shipping', ['Shipper'], 'NL', ['VIP']],
      ['Beta Consignee', ['Consignee'], 'DE', []],
      ['delta Trucking', [], 'BE', []],
      ['Gamma Agents', ['Agent', 'Shipper'], 'NL', ['Hot', 'VIP']],
    ]);
    expect(result.total).toBe(4);
    expect(result.chart).toEqual({
      groupBy: 'country',
      points: [
        { label: 'NL', count: 2 },
        { label: 'BE', count: 1 },
        { label: 'DE', count: 1 },
      ],
    });
    const descending = await runOf({
      source: 'contacts',
      columns: ['name'],
      sort: { field: 'name', direction: 'desc' },
    });
    expect(descending.rows.map((r) => r[0])).toEqual([
      'Gamma Agents',
      'delta Trucking',
      'Beta Consignee',
      'Alpha Shipping',
    ]);
    const byTags = await runOf({ source: 'contacts', columns: ['name'], sort: { field: 'tags', direction: 'desc' } });
    expect(byTags.rows.map((r) => r[0]).slice(0, 2)).toEqual(['Alpha Shipping', 'Gamma Agents']);
  });

  it('filters by every operator of every column kind', async () => {
    const names = async (filters: object[], source = 'contacts', column = 'name') =>
      (await runOf({ source, columns: [column], filters, sort: { field: column, direction: 'asc' } })).rows.map(
        (r) => r[0],
      );
    const today = isoDate();
    const yesterday = isoDate(new Date(Date.now() - 86_400_000));
    const tomorrow = isoDate(new Date(Date.now() + 86_400_000));
    // text
    expect(await names([{ field: 'name', op: 'contains', value: 'ING' }])).toEqual([
      'Alpha Shipping',
      'delta Trucking',
    ]);
    expect(await names([{ field: 'name', op: 'contains', value: '%' }])).toEqual([]);
    expect(await names([{ field: 'country', op: 'equals', value: 'nl' }])).toEqual(['Alpha Shipping', 'Gamma Agents']);
    expect(await names([{ field: 'country', op: 'notEquals', value: 'NL' }])).toEqual([
      'Beta Consignee',
      'delta Trucking',
    ]);
    expect(await names([{ field: 'city', op: 'empty' }])).toEqual(['Gamma Agents']);
    expect(await names([{ field: 'notes', op: 'notEmpty' }])).toEqual(['delta Trucking', 'Gamma Agents']);
    // list
    expect(await names([{ field: 'tags', op: 'includes', value: 'vip' }])).toEqual(['Alpha Shipping', 'Gamma Agents']);
    expect(await names([{ field: 'types', op: 'includes', value: 'SHIPPER' }])).toEqual([
      'Alpha Shipping',
      'Gamma Agents',
    ]);
    expect(await names([{ field: 'tags', op: 'empty' }])).toEqual(['Beta Consignee', 'delta Trucking']);
    expect(await names([{ field: 'types', op: 'notEmpty' }])).toEqual([
      'Alpha Shipping',
      'Beta Consignee',
      'Gamma Agents',
    ]);
    // date (inclusive days, UTC)
    expect(await names([{ field: 'createdAt', op: 'after', value: today }])).toHaveLength(4);
    expect(await names([{ field: 'createdAt', op: 'before', value: today }])).toHaveLength(4);
    expect(await names([{ field: 'createdAt', op: 'before', value: yesterday }])).toEqual([]);
    expect(await names([{ field: 'createdAt', op: 'after', value: tomorrow }])).toEqual([]);
    // several filters: all must hold
    expect(
      await names([
        { field: 'country', op: 'equals', value: 'NL' },
        { field: 'tags', op: 'includes', value: 'Hot' },
      ]),
    ).toEqual(['Gamma Agents']);
    // boolean
    expect(await names([{ field: 'emailVerified', op: 'is', value: 'false' }], 'users', 'email')).toEqual([
      'unverified@demo.test',
    ]);
    expect(await names([{ field: 'disabled', op: 'is', value: 'false' }], 'users', 'email')).toEqual([
      'admin@demo.test',
      'ops@demo.test',
      'unverified@demo.test',
    ]);
    expect(await names([{ field: 'role', op: 'equals', value: 'operations' }], 'users', 'email')).toEqual([
      'ops@demo.test',
      'unverified@demo.test',
    ]);
  });

  it('charts a list by each name, a boolean, and a date by day in UTC', async () => {
    const byTag = await runOf({ source: 'contacts', columns: ['name'], chart: { groupBy: 'tags' } });
    expect(byTag.chart?.points).toEqual([
      { label: '', count: 2 },
      { label: 'VIP', count: 2 },
      { label: 'Hot', count: 1 },
    ]);
    const byRole = await runOf({ source: 'users', columns: ['email'], chart: { groupBy: 'role' } });
    expect(byRole.chart?.points).toEqual([
      { label: 'Operations', count: 2 },
      { label: 'Admin', count: 1 },
    ]);
    const byVerified = await runOf({ source: 'users', columns: ['email'], chart: { groupBy: 'emailVerified' } });
    expect(byVerified.chart?.points).toEqual([
      { label: 'true', count: 2 },
      { label: 'false', count: 1 },
    ]);
    const audit = await runOf({
      source: 'audit',
      columns: ['createdAt', 'actor', 'action'],
      filters: [{ field: 'entity', op: 'equals', value: 'contact' }],
      chart: { groupBy: 'createdAt' },
    });
    const today = isoDate();
    expect(audit.chart?.points).toEqual([{ label: today, count: audit.total }]);
    expect(audit.rows[0]?.[1]).toBe('Admin Demo');
  });

  it('writes the same rows as CSV and XLSX as the JSON preview shows', async () => {
    const sketch = await create({
      name: 'Every contact: "all" columns/ñ',
      source: 'contacts',
      columns: ALL_CONTACT_COLUMNS,
      sort: { field: 'name', direction: 'asc' },
    });
    const preview = await run(sketch);
    const csv = await csvOf(sketch);
    expect(csv.header).toEqual(REPORT_COLUMNS.contacts.map((c) => c.label));
    expect(csv.rows).toEqual(preview.rows.map((row) => row.map(asCsvText)));
    // Quoting, line breaks and the formula guard survived the round trip.
    const notes = ALL_CONTACT_COLUMNS.indexOf('notes');
    const phone = ALL_CONTACT_COLUMNS.indexOf('phone');
    expect(csv.rows.map((r) => r[notes])).toContain('Says "hi", twice\nsecond line');
    expect(csv.rows.map((r) => r[notes])).toContain(`' \n=HYPERLINK("http://evil.test")`);
    expect(csv.rows.map((r) => r[phone])).toContain(`'+49 40 123`);

    const res = await call('GET', `/reportSketch/${sketch._id}/run?format=csv`, admin);
    const day = isoDate();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Every-contact-all-columns-n-${day}.csv"`);
    expect(res.body.includes('\r\n')).toBe(true);

    const sheet = await xlsxOf(sketch);
    const header = sheet.getRow(1);
    expect((header.values as unknown[]).slice(1)).toEqual(REPORT_COLUMNS.contacts.map((c) => c.label));
    expect(header.font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(preview.rows.length + 1);
    preview.rows.forEach((row, r) => {
      const cells = sheet.getRow(r + 2);
      row.forEach((cell, c) => {
        const kind = preview.columns[c]!.kind;
        const value = cells.getCell(c + 1).value;
        if (kind === 'date') expect((value as Date).toISOString()).toBe(cell);
        else if (kind === 'list') expect(value ?? '').toBe((cell as string[]).join('; '));
        else expect(value ?? '').toBe(cell ?? '');
      });
    });
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('delta Trucking'.length);
  });

  it('writes shipments with modes and statuses in words, days as dates, totals as numbers, containers as a list', async () => {
    const { app: shipments } = await buildTestApp('shipmentserver', t.db);
    try {
      const customer = await contacts.inject({
        method: 'POST',
        url: `${CONTACTS}/contacts`,
        headers: admin,
        payload: { name: 'Report Probe Imports' },
      });
      expect(customer.statusCode, customer.body).toBe(201);
      const customerId = customer.json().data._id as string;
      const numbers: string[] = [];
      const ids: string[] = [];
      for (const payload of [
        {
          mode: 'air',
          origin: 'AMS',
          destination: 'JFK',
          etd: '2030-05-04',
          eta: '2030-05-05',
          cargo: [{ description: 'Parts', packages: 3, packageType: 'PX', grossWeightKg: 120, volumeM3: 1.2 }],
        },
        {
          mode: 'sea-fcl',
          origin: 'NLRTM',
          destination: 'CNSGH',
          etd: '2030-05-06',
          eta: '2030-06-01',
          containers: [
            { number: 'MSKU6011672', sizeType: '22G1' },
            { number: 'CSQU3054383', sizeType: '45G1' },
          ],
          cargo: [{ description: 'Tiles', packages: 20, packageType: 'PX', grossWeightKg: 9000, volumeM3: 30 }],
        },
      ]) {
        const res = await shipments.inject({
          method: 'POST',
          url: '/shipmentserver/api/v1/shipments',
          headers: admin,
          payload: { customerId, ...payload },
        });
        expect(res.statusCode, res.body).toBe(201);
        numbers.push(res.json().data.number as string);
        ids.push(res.json().data._id as string);
      }
      const columns = ['number', 'mode', 'status', 'etd', 'containers', 'packages', 'chargeableWeightKg'];
      const sketch = await create({
        name: 'Probe shipments',
        source: 'shipments',
        columns,
        filters: [{ field: 'etd', op: 'after', value: '2030-05-01' }],
        sort: { field: 'etd', direction: 'asc' },
      });
      const preview = await run(sketch);
      // 1.2 m³ weighs 200 kg by volume at 6,000 cm³ per kg: more than the 120 kg gross.
      expect(preview.rows).toEqual([
        [numbers[0], 'Air', 'Draft', '2030-05-04', [], 3, 200],
        [numbers[1], 'Sea, full container', 'Draft', '2030-05-06', ['MSKU6011672', 'CSQU3054383'], 20, null],
      ]);
      const csv = await csvOf(sketch);
      expect(csv.rows[0]).toEqual([numbers[0], 'Air', 'Draft', '2030-05-04', '', '3', '200']);
      const sheet = await xlsxOf(sketch);
      const day = sheet.getRow(2).getCell(4);
      expect((day.value as Date).toISOString()).toBe('2030-05-04T00:00:00.000Z');
      expect(day.numFmt).toBe('yyyy-mm-dd');
      expect(sheet.getRow(2).getCell(7).value).toBe(200);

      const heavy = await runOf({
        source: 'shipments',
        columns: ['number'],
        filters: [
          { field: 'etd', op: 'after', value: '2030-05-01' },
          { field: 'chargeableWeightKg', op: 'atLeast', value: '150' },
        ],
      });
      expect(heavy.rows).toEqual([[numbers[0]]]);
      const refused = await call('POST', '/reportSketch', admin, {
        name: 'Bad',
        source: 'shipments',
        columns: ['number'],
        filters: [{ field: 'packages', op: 'atLeast', value: 'many' }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toContainEqual(
        expect.objectContaining({ path: 'body.filters.0.value', message: 'a number such as 1500 or 2.5' }),
      );
      // Leave the company as it was: the later tests count its contacts.
      for (const id of ids) {
        const res = await shipments.inject({
          method: 'DELETE',
          url: `/shipmentserver/api/v1/shipments/${id}`,
          headers: admin,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const removed = await contacts.inject({
        method: 'DELETE',
        url: `${CONTACTS}/contacts/${customerId}`,
        headers: admin,
      });
      expect(removed.statusCode, removed.body).toBe(200);
    } finally {
      await shipments.close();
    }
  });

  it('writes booleans and empty cells: users as CSV and XLSX', async () => {
    const sketch = await create({
      name: 'Users',
      source: 'users',
      columns: REPORT_COLUMNS.users.map((c) => c.key),
      sort: { field: 'email', direction: 'asc' },
    });
    const preview = await run(sketch);
    expect(preview.rows.map((r) => r[1])).toEqual(['admin@demo.test', 'ops@demo.test', 'unverified@demo.test']);
    expect((await csvOf(sketch)).rows).toEqual(preview.rows.map((row) => row.map(asCsvText)));
    const sheet = await xlsxOf(sketch);
    expect(sheet.getRow(4).getCell(5).value).toBe(false);
    expect(sheet.getRow(2).getCell(4).value).toBe(false);
  });

  it('reads every row of a run larger than one batch, once each, in order (ties broken by the row id)', async () => {
    const insert = (startAt: string, count: number, stepMs: number) =>
      t.db.transaction({ role: 'freight_app', companyId: company.demo.id }, (tx) =>
        insertFixtureAuditEntries(tx, {
          companyId: company.demo.id,
          actorUserId: company.demo.adminId,
          count,
          startAt: new Date(startAt),
          stepMs,
        }),
      );
    // 2,100 entries at one instant (the order is the tiebreaker alone) and 4,500 an hour apart.
    await insert('2019-01-01T00:00:00Z', REPORT_BATCH_ROWS + 100, 0);
    await insert('2020-03-01T00:00:00Z', 4500, 3_600_000);

    const sameInstant = await create({
      name: 'Same instant',
      source: 'audit',
      columns: ['entityId', 'createdAt'],
      filters: [{ field: 'createdAt', op: 'before', value: '2019-01-01' }],
      sort: { field: 'createdAt', direction: 'asc' },
    });
    const tied = await csvOf(sameInstant);
    expect(tied.rows).toHaveLength(REPORT_BATCH_ROWS + 100);
    expect(new Set(tied.rows.map((r) => r[0])).size).toBe(REPORT_BATCH_ROWS + 100);

    const hourly = await create({
      name: 'Hourly',
      source: 'audit',
      columns: ['entityId', 'action', 'actor', 'createdAt'],
      filters: [
        { field: 'createdAt', op: 'after', value: '2020-01-01' },
        { field: 'createdAt', op: 'before', value: '2020-12-31' },
      ],
      sort: { field: 'createdAt', direction: 'desc' },
    });
    const csv = await csvOf(hourly);
    expect(csv.rows.map((r) => r[0])).toEqual(Array.from({ length: 4500 }, (_, i) => `fixture-${4499 - i}`));
    expect(csv.rows[0]).toEqual(['fixture-4499', 'reportSketch.create', 'Admin Demo', expect.any(String)]);
    const preview = await run(hourly);
    expect(preview.total).toBe(4500);
    expect(preview.rows).toHaveLength(REPORT_PREVIEW_ROWS);
    expect(preview.rows.map((r) => r.slice(0, 3))).toEqual(
      csv.rows.slice(0, REPORT_PREVIEW_ROWS).map((r) => r.slice(0, 3)),
    );
    expect((await xlsxOf(hourly)).rowCount).toBe(4501);

    // Sorted by a text column with long runs of equal values across batch boundaries.
    const byAction = await create({
      name: 'By action',
      source: 'audit',
      columns: ['action', 'entityId'],
      filters: [
        { field: 'createdAt', op: 'after', value: '2020-01-01' },
        { field: 'createdAt', op: 'before', value: '2020-12-31' },
      ],
      sort: { field: 'action', direction: 'asc' },
    });
    const actions = await csvOf(byAction);
    expect(new Set(actions.rows.map((r) => r[1])).size).toBe(4500);
    expect(actions.rows.map((r) => r[0])).toEqual(actions.rows.map((r) => r[0]!).sort());

    // Two days of the hourly entries, inclusive, charted by day in UTC.
    const twoDays = await runOf({
      source: 'audit',
      columns: ['createdAt'],
      filters: [
        { field: 'createdAt', op: 'after', value: '2020-03-10' },
        { field: 'createdAt', op: 'before', value: '2020-03-11' },
      ],
      chart: { groupBy: 'createdAt' },
    });
    expect(twoDays.total).toBe(48);
    expect(twoDays.chart?.points).toEqual([
      { label: '2020-03-10', count: 24 },
      { label: '2020-03-11', count: 24 },
    ]);
  });
});

describe('isolation and permissions', () => {
  it('a report of one company is not found by another, through any route', async () => {
    const secret = await create({ name: 'Harbor secret report', source: 'contacts', columns: ['name'] }, harbor);
    for (const res of [
      await call('GET', `/reportSketch/${secret._id}`, admin),
      await call('PATCH', `/reportSketch/${secret._id}`, admin, { version: 1, name: 'Hijacked' }),
      await call('DELETE', `/reportSketch/${secret._id}`, admin),
      await call('GET', `/reportSketch/${secret._id}/run`, admin),
      await call('GET', `/reportSketch/${secret._id}/run?format=csv`, admin),
      await call('GET', `/reportSketch/${secret._id}/run?format=xlsx`, admin),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Harbor');
    }
    const listed = await call('GET', '/reportSketch?search=Harbor&limit=100', admin);
    expect(listed.json().meta.total).toBe(0);
    expect((await run(secret, harbor)).rows).toEqual([['Harbor Secret BV']]);
  });

  it("a run reads only the caller's company: contacts, users, the audit trail and shipments", async () => {
    for (const source of REPORT_SOURCES) {
      const columns = REPORT_COLUMNS[source].map((c) => c.key);
      const demo = await create({ name: `All ${source}`, source, columns });
      const preview = await run(demo);
      const csv = await csvOf(demo);
      const sheet = await xlsxOf(demo);
      const text = JSON.stringify([preview.rows, csv.rows]);
      expect(text).not.toMatch(/Harbor|harbor\.test/);
      expect(csv.rows).toHaveLength(preview.total);
      expect(sheet.rowCount).toBe(preview.total + 1);
      const expected =
        source === 'contacts'
          ? await contactsCount(company.demo.id)
          : (
              await system((tx) =>
                tx.query<{ n: number }>(
                  `SELECT count(*)::int AS n FROM ${{ users: 'users', audit: 'audit_log', shipments: 'shipments' }[source]} WHERE company_id = $1`,
                  [company.demo.id],
                ),
              )
            ).rows[0]!.n;
      expect(preview.total, source).toBe(expected);
    }
    // Harbor's own contacts report holds Harbor's contact only.
    const mine = await run(
      await create({ name: 'Mine', source: 'contacts', columns: ['name', 'tags'] }, harbor),
      harbor,
    );
    expect(mine.rows).toEqual([['Harbor Secret BV', ['VIP']]]);
    const harborAudit = await run(await create({ name: 'Trail', source: 'audit', columns: ['actor'] }, harbor), harbor);
    expect(harborAudit.rows.every((r) => r[0] === 'Admin Harbor')).toBe(true);
  });

  it('Operations may run a contacts report but gets 403 on a users report, in every format', async () => {
    const contactsReport = await create({ name: 'Ops contacts', source: 'contacts', columns: ['name'] }, ops);
    expect((await run(contactsReport, ops)).total).toBe(4);
    expect((await call('GET', `/reportSketch/${contactsReport._id}/run?format=csv`, ops)).statusCode).toBe(200);
    const usersReport = await create({ name: 'Admin users', source: 'users', columns: ['email'] });
    for (const format of ['json', 'csv', 'xlsx']) {
      const res = await call('GET', `/reportSketch/${usersReport._id}/run?format=${format}`, ops);
      expect(res.statusCode, format).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(res.body).not.toContain('demo.test');
    }
    // The definition itself is the reports module's: Operations may read it.
    expect((await call('GET', `/reportSketch/${usersReport._id}`, ops)).statusCode).toBe(200);
  });
});

describe('a client that goes away', () => {
  it('stops the reading at the next batch', async () => {
    const reads = { audit: 0 };
    const counted = countingDatabase(t.db, reads);
    const { app } = await buildTestApp('reportserver', counted);
    try {
      await t.db.transaction({ role: 'freight_app', companyId: company.harbor.id }, (tx) =>
        insertFixtureAuditEntries(tx, {
          companyId: company.harbor.id,
          actorUserId: company.harbor.adminId,
          count: 40_000,
          startAt: new Date('2021-01-01T00:00:00Z'),
          stepMs: 1000,
        }),
      );
      const sketch = await create(
        { name: 'Long trail', source: 'audit', columns: ['createdAt', 'actor', 'action', 'entity', 'entityId'] },
        harbor,
      );
      const batches = Math.ceil(40_000 / REPORT_BATCH_ROWS);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      for (const format of ['csv', 'xlsx']) {
        reads.audit = 0;
        // The first bytes, then the connection closed, as a browser does when its download is cancelled.
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.get(
            `http://127.0.0.1:${port}${REPORTS}/reportSketch/${sketch._id}/run?format=${format}`,
            { headers: harbor, agent: false },
            (res) => {
              res.once('data', () => {
                req.destroy();
                resolve(res.statusCode ?? 0);
              });
            },
          );
          req.on('error', reject);
        });
        expect(status).toBe(200);
        // Let the server notice and settle, then check that it reads no further.
        const settle = async () => {
          let seen = -1;
          while (seen !== reads.audit) {
            seen = reads.audit;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
          return seen;
        };
        const settled = await settle();
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(reads.audit, format).toBe(settled);
        expect(settled, format).toBeLessThan(batches / 2);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});

/** The database, counting the batch reads of the audit trail that go through it. */
function countingDatabase(db: Database, reads: { audit: number }): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        const transaction: Database['transaction'] = (options, fn) =>
          target.transaction(options, (tx) =>
            fn({
              query: (sql, params) => {
                if (sql.includes('FROM audit_log a') && sql.includes('cursor_key')) reads.audit += 1;
                return tx.query(sql, params);
              },
            }),
          );
        return transaction;
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
