/**
 * contactserver (docs/api.md section 13), called as the app calls it: contacts and tags created, read,
 * listed, updated and deleted, audited, with stale versions refused; `POST /contacts/paginate` with its
 * search, filters and sort; the duplicate check; ids of another company refused; and isolation: one
 * company neither sees nor changes another's contacts and tags through any route.
 */
import { withoutSeededContacts } from './contacts-test-kit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSchema, contactTagSchema, type Contact } from '../../../src/shared/contracts/contacts.ts';
import { listAnswer } from '../../../src/shared/contracts/resource-contract.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { contactsCsv, readContactsCsv } from '../../../src/shared/contacts-csv.ts';
import { signIn } from '../iam/iam-resources-test-kit.ts';
import { provisionCompany } from '../iam/companies/company-provisioning.ts';
import { hashPassword } from '../iam/passwords/password-hash.ts';

const CONTACTS = '/contactserver/api/v1';
const MASTER = '/master/api/v1';
let t: TestDatabase;
let contacts: App;
let master: App;
let iam: App;
let admin: { authorization: string };
let harbor: { authorization: string };
const types: Record<string, string> = {};
let harborType: string;

type Who = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Who, payload?: object) =>
  contacts.inject({ method, url: `${CONTACTS}${url}`, headers: who, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestDatabase();
  await withoutSeededContacts(t.db);
  ({ app: contacts } = await buildTestApp('contactserver', t.db));
  ({ app: master } = await buildTestApp('master', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
  const typesOf = async (who: Who) =>
    (await master.inject({ method: 'GET', url: `${MASTER}/type?limit=100`, headers: who })).json().data as Array<{
      _id: string;
      code: string;
    }>;
  for (const type of await typesOf(admin)) types[type.code] = type._id;
  harborType = (await typesOf(harbor))[0]!._id;
});
afterAll(async () => {
  await contacts?.close();
  await master?.close();
  await iam?.close();
  await t?.close();
});

async function create(body: object, who: Who = admin): Promise<Contact> {
  const res = await call('POST', '/contacts', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return contactSchema.parse(res.json().data);
}

async function tag(name: string, color: string, who: Who = admin) {
  const res = await call('POST', '/contact-tags', who, { name, color });
  expect(res.statusCode, res.body).toBe(201);
  return contactTagSchema.parse(res.json().data);
}

const paginate = async (body: object, who: Who = admin) => {
  const res = await call('POST', '/contacts/paginate', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return listAnswer(contactSchema).parse(res.json());
};

describe('contacts and tags', () => {
  it('creates, reads, updates and deletes a contact, auditing each write and refusing a stale version', async () => {
    const vip = await tag('VIP', '#B91C1C');
    expect(vip.color).toBe('#b91c1c');
    const made = await create({
      name: 'Maersk Line',
      typeIds: [types.carrier!, types.carrier!],
      email: 'bookings@maersk.example',
      phone: '+45 33 63 33 63',
      city: 'København',
      country: 'dk',
      taxId: 'DK53139655',
      tagIds: [vip._id],
    });
    expect(made).toMatchObject({ country: 'DK', typeIds: [types.carrier], tagIds: [vip._id], version: 1 });
    expect((await call('GET', `/contacts/${made._id}`, admin)).json().data.name).toBe('Maersk Line');

    const updated = await call('PATCH', `/contacts/${made._id}`, admin, { version: 1, notes: 'Weekly sailings' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ notes: 'Weekly sailings', version: 2 });
    const stale = await call('PATCH', `/contacts/${made._id}`, admin, { version: 1, notes: 'Older' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const audit = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ action: string }>(
        'SELECT action FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
        ['contact', made._id],
      );
      return rows.map((r) => r.action);
    });
    expect(audit).toEqual(['contact.create', 'contact.update']);
    expect((await call('DELETE', `/contacts/${made._id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/contacts/${made._id}`, admin)).statusCode).toBe(404);
  });

  it('refuses bad input with the field named, and ids of another company', async () => {
    for (const [body, path] of [
      [{ name: '' }, 'name'],
      [{ name: 'X', email: 'not-mail' }, 'email'],
      [{ name: 'X', country: 'XX' }, 'country'],
      [{ name: 'X', typeIds: [harborType] }, 'typeIds'],
      [{ name: 'X', tagIds: ['00000000-0000-4000-8000-000000000000'] }, 'tagIds'],
    ] as const) {
      const res = await call('POST', '/contacts', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[0].path, JSON.stringify(body)).toContain(path);
    }
    const taken = await call('POST', '/contact-tags', admin, { name: 'vip', color: '#000000' });
    expect(taken.statusCode).toBe(409);
  });

  it('paginates with search, filters by type, tag and country, and sort', async () => {
    const hot = await tag('Hot lead', '#f59e0b');
    await create({ name: 'Alpha Shipping', typeIds: [types.shipper!], country: 'NL', city: 'Rotterdam' });
    await create({ name: 'Beta Consignee', typeIds: [types.consignee!], country: 'DE', tagIds: [hot._id] });
    await create({ name: 'Gamma Agents', typeIds: [types.agent!, types.shipper!], country: 'NL', taxId: 'NL123' });

    expect((await paginate({ filters: { typeIds: [types.shipper!] } })).data.map((c) => c.name)).toEqual([
      'Alpha Shipping',
      'Gamma Agents',
    ]);
    expect((await paginate({ filters: { tagIds: [hot._id] } })).data.map((c) => c.name)).toEqual(['Beta Consignee']);
    const nl = await paginate({ filters: { country: 'nl' }, sort: '-name' });
    expect(nl.data.map((c) => c.name)).toEqual(['Gamma Agents', 'Alpha Shipping']);
    expect((await paginate({ search: 'rotter' })).data.map((c) => c.name)).toEqual(['Alpha Shipping']);
    expect((await paginate({ search: 'nl12' })).data.map((c) => c.name)).toEqual(['Gamma Agents']);
    const page = await paginate({ limit: 2, page: 2, sort: 'name' });
    expect(page.meta).toEqual({ total: 3, page: 2, limit: 2 });
    expect(page.data.map((c) => c.name)).toEqual(['Gamma Agents']);
    const bad = await call('POST', '/contacts/paginate', admin, { filters: { typeIds: ['nope'] } });
    expect(bad.statusCode).toBe(400);

    // GET /contacts takes the same filters as query parameters.
    const listed = await call('GET', `/contacts?typeIds=${types.agent}&country=NL`, admin);
    expect(listed.json().data.map((c: Contact) => c.name)).toEqual(['Gamma Agents']);
  });

  it('names duplicates by name or tax id, case-insensitively', async () => {
    const gamma = (await paginate({ search: 'Gamma' })).data[0]!;
    const byName = await call('GET', '/contacts/duplicates?name=gamma%20AGENTS', admin);
    expect(byName.json().data).toEqual([{ _id: gamma._id, name: 'Gamma Agents', taxId: 'NL123', on: 'name' }]);
    const byTax = await call('GET', '/contacts/duplicates?name=Other&taxId=nl123', admin);
    expect(byTax.json().data).toEqual([{ _id: gamma._id, name: 'Gamma Agents', taxId: 'NL123', on: 'taxId' }]);
    const self = await call('GET', `/contacts/duplicates?name=Gamma%20Agents&exceptId=${gamma._id}`, admin);
    expect(self.json().data).toEqual([]);
  });

  it('deleting a tag takes it off every contact', async () => {
    const cold = await tag('Cold', '#0ea5e9');
    const contact = await create({ name: 'Delta Trucking', tagIds: [cold._id] });
    expect((await call('DELETE', `/contact-tags/${cold._id}`, admin)).statusCode).toBe(200);
    const after = contactSchema.parse((await call('GET', `/contacts/${contact._id}`, admin)).json().data);
    expect(after.tagIds).toEqual([]);
    expect(after.version).toBe(2);
  });
});

describe('records that others use', () => {
  it('refuses to delete a business type that contacts have, saying how many; an unused one is deleted', async () => {
    const typeCall = (method: 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
      master.inject({ method, url: `${MASTER}${url}`, headers: admin, ...(payload ? { payload } : {}) });
    const made = await typeCall('POST', '/type', { name: 'Ship chandler', code: 'chandler' });
    expect(made.statusCode, made.body).toBe(201);
    const typeId = made.json().data._id as string;
    const one = await create({ name: 'Chandler One', typeIds: [typeId, types.agent!] });
    const two = await create({ name: 'Chandler Two', typeIds: [typeId] });

    const refused = await typeCall('DELETE', `/type/${typeId}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RESOURCE_IN_USE',
      details: [{ path: 'contacts', message: '2 contacts have this business type' }],
    });
    expect(refused.json().message).toMatch(/deactivate/);
    // Nothing changed: the contacts keep the type and can be saved as they are.
    const saved = await call('PATCH', `/contacts/${one._id}`, admin, { version: one.version, typeIds: one.typeIds });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.typeIds).toEqual([typeId, types.agent]);

    // Deactivating keeps it on its contacts; once no contact has it, it deletes.
    const inactive = await typeCall('PATCH', `/type/${typeId}`, { version: 1, isActive: false });
    expect(inactive.statusCode, inactive.body).toBe(200);
    expect(
      (await call('PATCH', `/contacts/${one._id}`, admin, { version: 2, typeIds: [types.agent!] })).statusCode,
    ).toBe(200);
    const stillOne = await typeCall('DELETE', `/type/${typeId}`);
    expect(stillOne.json().details[0].message).toBe('1 contact has this business type');
    expect((await call('DELETE', `/contacts/${two._id}`, admin)).statusCode).toBe(200);
    expect((await typeCall('DELETE', `/type/${typeId}`)).statusCode).toBe(200);
  });
});

describe('CSV import', () => {
  it('imports all rows or none, naming every problem of every row; a dry run writes nothing', async () => {
    await tag('Import tag', '#22c55e');
    const before = (await paginate({ limit: 1 })).meta.total;
    const bad = await call('POST', '/contacts/import', admin, {
      rows: [
        { name: 'Import One', types: 'Shipper; consignee', country: 'Netherlands', tags: 'import TAG' },
        { name: '', email: 'not-mail', types: 'Astronaut' },
        { name: 'Import Three', country: 'Atlantis', tags: 'No such tag' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual([
      'rows.1.types',
      'rows.1.name',
      'rows.1.email',
      'rows.2.tags',
      'rows.2.country',
    ]);
    expect((await paginate({ limit: 1 })).meta.total).toBe(before);

    const rows = [
      { name: 'Import One', types: 'Shipper; consignee', country: 'Netherlands', tags: 'import TAG', city: 'Delft' },
      { name: 'Import Two', types: 'agent', country: 'de', taxId: 'DE-IMP-2' },
    ];
    const dry = await call('POST', '/contacts/import', admin, { rows, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({ rows: 2, created: 0 });
    expect((await paginate({ limit: 1 })).meta.total).toBe(before);

    const done = await call('POST', '/contacts/import', admin, { rows });
    expect(done.json().data).toEqual({ rows: 2, created: 2 });
    const one = (await paginate({ search: 'Import One' })).data[0]!;
    expect(one).toMatchObject({ country: 'NL', city: 'Delft', typeIds: [types.shipper, types.consignee] });
    expect(one.tagIds).toHaveLength(1);
    expect((await paginate({ limit: 1 })).meta.total).toBe(before + 2);
  });
});

describe('isolation', () => {
  it('another company neither sees nor changes a contact or a tag through any route', async () => {
    const secret = await create({ name: 'Secret Shipper BV', taxId: 'SECRET-1' });
    const secretTag = await tag('Secret tag', '#111111');
    for (const res of [
      await call('GET', `/contacts/${secret._id}`, harbor),
      await call('PATCH', `/contacts/${secret._id}`, harbor, { version: secret.version, name: 'Hijacked' }),
      await call('DELETE', `/contacts/${secret._id}`, harbor),
      await call('GET', `/contact-tags/${secretTag._id}`, harbor),
      await call('PATCH', `/contact-tags/${secretTag._id}`, harbor, { version: 1, name: 'Hijacked' }),
      await call('DELETE', `/contact-tags/${secretTag._id}`, harbor),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret');
    }
    expect((await paginate({ search: 'Secret' }, harbor)).meta.total).toBe(0);
    expect((await call('GET', '/contacts?search=Secret', harbor)).json().meta.total).toBe(0);
    expect((await call('GET', '/contact-tags', harbor)).json().data).toEqual([]);
    expect((await call('GET', '/contacts/duplicates?taxId=SECRET-1', harbor)).json().data).toEqual([]);
    const tagged = await call('POST', '/contacts', harbor, { name: 'Mine', tagIds: [secretTag._id] });
    expect(tagged.statusCode).toBe(400);
    const imported = await call('POST', '/contacts/import', harbor, { rows: [{ name: 'Mine', tags: 'Secret tag' }] });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().details[0].path).toBe('rows.0.tags');
    expect((await call('GET', `/contacts/${secret._id}`, admin)).json().data.name).toBe('Secret Shipper BV');
  });
});

describe('CSV export and import', () => {
  it('takes off exactly the formula guard that Export CSV adds, and nothing else', async () => {
    const res = await call('POST', '/contacts/import', admin, {
      rows: [{ name: "'=Guarded name", phone: "'+31 10 555 1234", notes: "''=kept one", address: "'plain", city: "'" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paginate({ search: 'Guarded name' })).data[0]).toMatchObject({
      name: '=Guarded name',
      phone: '+31 10 555 1234',
      notes: "'=kept one",
      address: "'plain",
      city: "'",
    });
  });

  it('a file exported, imported into an empty company and exported again is the same file', async () => {
    // The same tags in both companies: the file names tags, and the import does not make new ones.
    const tagNames = ['Round VIP', '@home', '-minus'];
    for (const name of tagNames) await tag(name, '#123456');
    const demoTags = await call('GET', '/contact-tags?limit=100', admin);
    const byName = new Map((demoTags.json().data as Array<{ _id: string; name: string }>).map((x) => [x.name, x._id]));
    const every = [
      {
        name: 'Round Trip Alpha',
        typeIds: [types.carrier!, types.shipper!],
        email: 'ops@alpha.example',
        phone: '+31 10 555 1234',
        address: 'Line 1\nLine 2, "quoted"; still',
        city: 'København',
        country: 'DK',
        taxId: 'DK-123',
        tagIds: [byName.get('@home')!, byName.get('Round VIP')!],
        notes: '=1+1\nsecond line',
      },
      {
        name: '-Round Trip minus',
        typeIds: [types.agent!],
        phone: '-5 (0) 12',
        address: '\n=HYPERLINK("http://x.example")',
        city: '@City',
        tagIds: [byName.get('-minus')!],
        notes: "  spaces around, 'apostrophes'  ",
      },
      { name: "'=Round Trip quoted", notes: "'+already guarded by hand\r\nand a CRLF", taxId: '+TAX' },
      { name: 'Round Trip bare' },
    ];
    for (const body of every) await create(body);

    const fresh = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) =>
      provisionCompany(
        tx,
        { name: 'Round Trip Freight', shortName: 'Round Trip', expiryDate: '2099-01-01' },
        {
          email: 'admin@roundtrip.test',
          firstName: 'Round',
          lastName: 'Trip',
          password: { hash: await hashPassword('Freight!2026') },
        },
      ),
    );
    expect(fresh.companyId).toBeTruthy();
    const empty = await signIn(iam, 'admin@roundtrip.test');
    for (const name of tagNames) await tag(name, '#654321', empty);

    const headers = [
      'Name',
      'Business types',
      'E-mail',
      'Phone',
      'Address',
      'City',
      'Country',
      'Tax id',
      'Tags',
      'Notes',
    ];
    /** What "Export CSV" writes for the company: its contacts in name order, types and tags by name. */
    const exportOf = async (who: Who, search: string) => {
      const list = await paginate({ limit: 100, sort: 'name', search }, who);
      const typeList = await master.inject({ method: 'GET', url: `${MASTER}/type?limit=100`, headers: who });
      const tagList = await call('GET', '/contact-tags?limit=100', who);
      const names = (items: Array<{ _id: string; name: string }>) => new Map(items.map((x) => [x._id, x.name]));
      return contactsCsv(list.data, { types: names(typeList.json().data), tags: names(tagList.json().data), headers });
    };

    const first = await exportOf(admin, 'Round Trip');
    expect(first.split('\r\n')[0]).toBe(headers.join(','));
    expect(first).toContain("'+31 10 555 1234");
    const rows = await readContactsCsv(`\ufeff${first}`);
    expect(rows).toHaveLength(every.length);
    const imported = await call('POST', '/contacts/import', empty, { rows });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ rows: every.length, created: every.length });

    expect((await paginate({ limit: 1 }, empty)).meta.total).toBe(every.length);
    expect(await exportOf(empty, '')).toBe(first);
  });
});
