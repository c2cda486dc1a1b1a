/**
 * The company-owned master data of docs/api.md section 11, called as the app calls it: each resource's
 * create, read, list, update and delete; a stale version refused with 409; an Idempotency-Key replayed
 * without a second write; the audit trail; the rate history of a company currency; the picklist's
 * reorder and deactivation; and `GET /dropdown?module=home` answering as section 6 always has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropdownAnswerSchema } from '../../../src/shared/contracts/master-reference.ts';
import {
  businessTypeSchema,
  companyCurrencyHistoryAnswerSchema,
  companyCurrencySchema,
  dropdownItemSchema,
  receivingLocationSchema,
} from '../../../src/shared/contracts/master-data.ts';
import { listAnswer } from '../../../src/shared/contracts/resource-contract.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { IAM, signIn } from '../iam/iam-resources-test-kit.ts';
import { DEFAULT_BUSINESS_TYPES, DEFAULT_PICKLISTS } from '../iam/companies/company-provisioning.ts';

const MASTER = '/master/api/v1';
let t: TestDatabase;
let master: App;
let iam: App;
let admin: { authorization: string };
let ops: { authorization: string };
let harbor: { authorization: string };

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: master } = await buildTestApp('master', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  ops = await signIn(iam, 'ops@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
});
afterAll(async () => {
  await master?.close();
  await iam?.close();
  await t?.close();
});

type Who = { authorization: string };
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who: Who,
  payload?: object,
  headers = {},
) =>
  master.inject({ method, url: `${MASTER}${url}`, headers: { ...who, ...headers }, ...(payload ? { payload } : {}) });

/** The audit actions recorded for one record, oldest first. */
async function auditTrail(entity: string, entityId: string) {
  return t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ action: string; changes: unknown }>(
      'SELECT action, changes FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
      [entity, entityId],
    );
    return rows.map((r) => ({
      action: r.action,
      changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as Record<string, unknown>,
    }));
  });
}

describe('/receivinglocation', () => {
  const body = {
    name: 'Rotterdam CFS',
    code: 'RTM-CFS',
    address: 'Waalhaven 12',
    city: 'Rotterdam',
    country: 'nl',
    locode: 'nlrtm',
    email: 'cfs@example.com',
  };

  it('creates, reads, lists, updates and deletes, auditing each write', async () => {
    const created = await call('POST', '/receivinglocation', admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const item = receivingLocationSchema.parse(created.json().data);
    expect(item).toMatchObject({ country: 'NL', locode: 'NLRTM', isActive: true, version: 1, contactName: null });

    const read = await call('GET', `/receivinglocation/${item._id}`, ops);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(item);

    const list = await call('GET', '/receivinglocation?search=waal&country=NL', admin);
    expect(list.statusCode).toBe(200);
    const page = listAnswer(receivingLocationSchema).parse(list.json());
    expect(page.data.map((l) => l._id)).toContain(item._id);
    expect((await call('GET', '/receivinglocation?country=BE', admin)).json().data).toEqual([]);

    const updated = await call('PATCH', `/receivinglocation/${item._id}`, admin, { version: 1, isActive: false });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ isActive: false, version: 2 });

    const stale = await call('PATCH', `/receivinglocation/${item._id}`, admin, { version: 1, city: 'Schiedam' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', conflict: { version: 2 } });
    expect(stale.json().conflict.updatedBy.name).toBeTruthy();

    const removed = await call('DELETE', `/receivinglocation/${item._id}`, admin);
    expect(removed.json().data).toEqual({ _id: item._id, deleted: true });
    expect((await call('GET', `/receivinglocation/${item._id}`, admin)).statusCode).toBe(404);

    const trail = await auditTrail('receivingLocation', item._id);
    expect(trail.map((e) => e.action)).toEqual([
      'receivingLocation.create',
      'receivingLocation.update',
      'receivingLocation.delete',
    ]);
    expect(trail[1]!.changes).toEqual({
      before: { isActive: true, version: 1 },
      after: { isActive: false, version: 2 },
    });
  });

  it('refuses a code the company already uses, naming the field; another company may use it', async () => {
    expect((await call('POST', '/receivinglocation', admin, { ...body, code: 'DUP-1' })).statusCode).toBe(201);
    const dup = await call('POST', '/receivinglocation', admin, { ...body, code: 'dup-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ path: 'code' }] });
    expect((await call('POST', '/receivinglocation', harbor, { ...body, code: 'DUP-1' })).statusCode).toBe(201);
  });

  it('checks the country against the ISO list and the UN/LOCODE format', async () => {
    const country = await call('POST', '/receivinglocation', admin, { ...body, code: 'X1', country: 'XX' });
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'country' }] });
    const locode = await call('POST', '/receivinglocation', admin, { ...body, code: 'X2', locode: 'NL-RTM' });
    expect(locode.statusCode).toBe(400);
    expect(locode.json().code).toBe('VALIDATION_FAILED');
  });

  it('lets Operations read but not write', async () => {
    expect((await call('GET', '/receivinglocation', ops)).statusCode).toBe(200);
    const write = await call('POST', '/receivinglocation', ops, { ...body, code: 'OPS' });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('FORBIDDEN');
  });
});

describe('/type', () => {
  it('starts with the default business types of every company', async () => {
    const res = await call('GET', '/type?limit=100&sort=code', admin);
    const codes = listAnswer(businessTypeSchema)
      .parse(res.json())
      .data.map((b) => b.code);
    expect(codes).toEqual(DEFAULT_BUSINESS_TYPES.map((b) => b.code).sort());
  });

  it('writes once for the same Idempotency-Key sent twice', async () => {
    const headers = { 'idempotency-key': 'type-create-once' };
    const first = await call('POST', '/type', admin, { name: 'Haulier', code: 'haulier' }, headers);
    const second = await call('POST', '/type', admin, { name: 'Haulier', code: 'haulier' }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const list = await call('GET', '/type?search=haulier', admin);
    expect(list.json().meta.total).toBe(1);
    expect(await auditTrail('businessType', first.json().data._id)).toHaveLength(1);
  });

  it('updates with the version it was made from, and refuses a duplicate code', async () => {
    const created = (await call('POST', '/type', admin, { name: 'Insurer', code: 'insurer' })).json().data;
    const renamed = await call('PUT', `/type/${created._id}`, admin, { version: 1, name: 'Cargo insurer' });
    expect(renamed.json().data).toMatchObject({ name: 'Cargo insurer', version: 2 });
    expect((await call('PUT', `/type/${created._id}`, admin, { version: 1, isActive: false })).statusCode).toBe(409);
    const dup = await call('PUT', `/type/${created._id}`, admin, { version: 2, code: 'SHIPPER' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ path: 'code' }] });
  });
});

describe('/company-currency', () => {
  it('keeps every rate in the history, with who set it, and answers rates as exact decimal strings', async () => {
    // Not EUR: the demo company holds it (and CNY, SGD) since its shipments have charges (issue 26).
    const created = await call('POST', '/company-currency', admin, {
      code: 'nok',
      exchangeRate: '1.0850',
      validFrom: '2026-01-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    const nok = companyCurrencySchema.parse(created.json().data);
    expect(nok).toMatchObject({ code: 'NOK', exchangeRate: '1.085', validFrom: '2026-01-01', version: 1 });

    const changed = await call('PATCH', `/company-currency/${nok._id}`, admin, {
      version: 1,
      exchangeRate: '1.123456789',
      validFrom: '2026-02-01',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.exchangeRate).toBe('1.123456789');

    // The same rate again (differently spelt) is no new history row.
    await call('PATCH', `/company-currency/${nok._id}`, admin, { version: 2, exchangeRate: '1.1234567890' });

    const stale = await call('PATCH', `/company-currency/${nok._id}`, admin, { version: 1, exchangeRate: '9' });
    expect(stale.statusCode).toBe(409);

    const history = await call('GET', `/company-currency/${nok._id}/history`, ops);
    expect(history.statusCode).toBe(200);
    const rates = companyCurrencyHistoryAnswerSchema.parse(history.json().data);
    expect(rates.map((r) => [r.exchangeRate, r.validFrom])).toEqual([
      ['1.085', '2026-01-01'],
      ['1.123456789', '2026-02-01'],
    ]);
    expect(rates.every((r) => r.setByName && r.setBy)).toBe(true);
    expect((await auditTrail('companyCurrency', nok._id)).map((e) => e.action)).toEqual([
      'companyCurrency.create',
      'companyCurrency.update',
      'companyCurrency.update',
    ]);
  });

  it('refuses an unknown currency, a duplicate, and a rate that is not a positive decimal', async () => {
    const unknown = await call('POST', '/company-currency', admin, {
      code: 'XYZ',
      exchangeRate: '1',
      validFrom: '2026-01-01',
    });
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'code' }] });
    const base = await call('POST', '/company-currency', admin, {
      code: 'USD',
      exchangeRate: '1',
      validFrom: '2026-01-01',
    });
    expect(base.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'code' }] });
    await call('POST', '/company-currency', admin, { code: 'GBP', exchangeRate: '1.27', validFrom: '2026-01-01' });
    const dup = await call('POST', '/company-currency', admin, {
      code: 'GBP',
      exchangeRate: '1.3',
      validFrom: '2026-01-01',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ path: 'code' }] });
    for (const exchangeRate of ['0', '0.000', '-1', '1e3', 1.5, '']) {
      const bad = await call('POST', '/company-currency', admin, {
        code: 'CHF',
        exchangeRate,
        validFrom: '2026-01-01',
      });
      expect(bad.statusCode, String(exchangeRate)).toBe(400);
    }
    expect(
      (await call('GET', `/company-currency/00000000-0000-4000-8000-000000000000/history`, admin)).statusCode,
    ).toBe(404);
  });
});

describe('/dropdown-groups and /dropdown', () => {
  it('answers GET /dropdown?module=home exactly as section 6 says', async () => {
    const res = await call('GET', '/dropdown?module=home', ops);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['data']);
    const data = dropdownAnswerSchema.parse(res.json().data);
    expect(data).toHaveLength(DEFAULT_PICKLISTS.length);
    for (const option of res.json().data) {
      expect(Object.keys(option).sort()).toEqual(['_id', 'group', 'label', 'module', 'sortOrder', 'value']);
    }
    expect(data.filter((d) => d.group === 'incoterm').map((d) => d.value)).toEqual([
      'EXW',
      'FCA',
      'FOB',
      'CIF',
      'DAP',
      'DDP',
    ]);
  });

  it('creates a group and its options, reorders them in one audited write, and deactivates one', async () => {
    const group = await call('POST', '/dropdown-groups', admin, {
      module: 'home',
      name: 'cargo_class',
      label: 'Cargo class',
    });
    expect(group.statusCode, group.body).toBe(201);
    const ids: string[] = [];
    for (const value of ['general', 'dangerous', 'perishable']) {
      const res = await call('POST', '/dropdown', admin, { module: 'home', group: 'cargo_class', value, label: value });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(dropdownItemSchema.parse(res.json().data)._id);
    }
    const homeValues = async () =>
      dropdownAnswerSchema
        .parse((await call('GET', '/dropdown?module=home', ops)).json().data)
        .filter((d) => d.group === 'cargo_class')
        .map((d) => d.value);
    expect(await homeValues()).toEqual(['general', 'dangerous', 'perishable']);

    const reordered = await call('POST', '/dropdown/reorder', admin, {
      module: 'home',
      group: 'cargo_class',
      ids: [ids[2], ids[0], ids[1]],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.map((o: { value: string }) => o.value)).toEqual([
      'perishable',
      'general',
      'dangerous',
    ]);
    expect(await homeValues()).toEqual(['perishable', 'general', 'dangerous']);
    expect((await auditTrail('dropdownGroup', 'home/cargo_class')).map((e) => e.changes)).toEqual([
      {
        before: { order: ['general', 'dangerous', 'perishable'] },
        after: { order: ['perishable', 'general', 'dangerous'] },
      },
    ]);

    // A reorder must name every option of the group once; a partial one changes nothing.
    const partial = await call('POST', '/dropdown/reorder', admin, {
      module: 'home',
      group: 'cargo_class',
      ids: [ids[0]],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().details[0].path).toBe('ids');
    expect(await homeValues()).toEqual(['perishable', 'general', 'dangerous']);

    const current = (await call('GET', `/dropdown/${ids[1]}`, admin)).json().data;
    const off = await call('PATCH', `/dropdown/${ids[1]}`, admin, { version: current.version, isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await homeValues()).toEqual(['perishable', 'general']);
    // The list still has it, marked inactive, for the picklist screen.
    const list = await call('GET', '/dropdown?module=home&group=cargo_class&limit=50', admin);
    const page = listAnswer(dropdownItemSchema).parse(list.json());
    expect(page.meta.total).toBe(3);
    expect(page.data.map((o) => [o.value, o.isActive])).toEqual([
      ['perishable', true],
      ['general', true],
      ['dangerous', false],
    ]);
    const stale = await call('PATCH', `/dropdown/${ids[1]}`, admin, { version: current.version, label: 'x' });
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    // A group still holding options stays; an option needs an existing group.
    const groupId = group.json().data._id as string;
    const busy = await call('DELETE', `/dropdown-groups/${groupId}`, admin);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('RESOURCE_IN_USE');
    const orphan = await call('POST', '/dropdown', admin, { module: 'home', group: 'no_such', value: 'a', label: 'A' });
    expect(orphan.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'group' }] });
    const dupValue = await call('PATCH', `/dropdown/${ids[0]}`, admin, { version: 2, value: 'perishable' });
    expect(dupValue.json()).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ path: 'value' }] });
    const dupGroup = await call('POST', '/dropdown-groups', admin, {
      module: 'home',
      name: 'cargo_class',
      label: 'Again',
    });
    expect(dupGroup.json()).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ path: 'name' }] });
  });

  it('carries the options along when a group is renamed', async () => {
    const group = (
      await call('POST', '/dropdown-groups', admin, { module: 'home', name: 'priority', label: 'Priority' })
    ).json().data;
    await call('POST', '/dropdown', admin, { module: 'home', group: 'priority', value: 'express', label: 'Express' });
    const renamed = await call('PATCH', `/dropdown-groups/${group._id}`, admin, { version: 1, name: 'service_level' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const home = dropdownAnswerSchema.parse((await call('GET', '/dropdown?module=home', admin)).json().data);
    expect(home.filter((d) => d.value === 'express').map((d) => d.group)).toEqual(['service_level']);
  });

  it('keeps the session picklist open to every role, and the paged list to masterData readers', async () => {
    const roles = await iam.inject({ method: 'GET', url: `${IAM}/roles?search=Operations`, headers: admin });
    const role = roles.json().data.find((r: { name: string }) => r.name === 'Operations');
    const { masterData: _dropped, ...rest } = role.permissions as Record<string, string[]>;
    expect(_dropped).toEqual(['read']);
    const patched = await iam.inject({
      method: 'PATCH',
      url: `${IAM}/roles/${role._id}`,
      headers: admin,
      payload: { version: role.version, permissions: rest },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call('GET', '/dropdown?module=home', ops)).statusCode).toBe(200);
    const list = await call('GET', '/dropdown?module=home&page=1&limit=-1', ops);
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('FORBIDDEN');
    expect((await call('GET', '/dropdown', ops)).statusCode).toBe(400);
  });
});
