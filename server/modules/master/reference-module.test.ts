import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/build-service-app.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

let t: TestDatabase;
let master: App;
let iam: App;
const auth: Record<string, string> = {};

async function tokenFor(email: string): Promise<string> {
  const res = await iam.inject({
    method: 'POST',
    url: '/iamserver/api/v1/auth/login',
    payload: { emailId: email, password: DEMO_PASSWORD },
  });
  return res.json().data.accessToken;
}

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: master } = await buildTestApp('master', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  auth.demo = `Bearer ${await tokenFor('admin@demo.test')}`;
  auth.harbor = `Bearer ${await tokenFor('admin@harbor.test')}`;
});
afterAll(async () => {
  await master?.close();
  await iam?.close();
  await t?.close();
});

const get = (url: string, who = 'demo') =>
  master.inject({ method: 'GET', url: `/master/api/v1${url}`, headers: { authorization: auth[who]! } });

describe('reference data', () => {
  it('lists the ISO 3166-1 countries', async () => {
    const res = await get('/country');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ code: string; name: string; currency: string[] }>;
    expect(data.length).toBeGreaterThanOrEqual(249);
    expect(data.find((c) => c.code === 'NL')).toMatchObject({ name: 'Netherlands', currency: ['EUR'] });
  });

  it('lists ISO 4217 currencies with their minor units', async () => {
    const data = (await get('/currency-list')).json().data as Array<{ code: string; minorUnits: number }>;
    expect(data.find((c) => c.code === 'EUR')?.minorUnits).toBe(2);
    expect(data.find((c) => c.code === 'JPY')?.minorUnits).toBe(0);
    expect(data.find((c) => c.code === 'KWD')?.minorUnits).toBe(3);
  });

  it('lists IANA time zones with offsets', async () => {
    const data = (await get('/timezone')).json().data as Array<{ name: string; utcOffset: number }>;
    expect(data.find((z) => z.name === 'Asia/Kolkata')?.utcOffset).toBe(330);
    expect(data.length).toBeGreaterThan(300);
  });

  it("answers the company's own home dropdowns", async () => {
    const data = (await get('/dropdown?module=home')).json().data as Array<{ group: string; value: string }>;
    expect(data.filter((d) => d.group === 'shipment_mode').map((d) => d.value)).toEqual([
      'air',
      'ocean',
      'road',
      'rail',
    ]);
  });

  it('needs a signed-in caller and a valid module', async () => {
    expect((await master.inject({ method: 'GET', url: '/master/api/v1/country' })).statusCode).toBe(401);
    const bad = await get('/dropdown?module=../../etc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});
