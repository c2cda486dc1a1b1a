import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Airport, OceanPort } from '../../../src/shared/contracts/places.ts';
import { airportKeys, buildPlaceIndex, oceanPortKeys, searchPlaces } from '../../../src/shared/place-search.ts';
import { importReferencePlaces, readRelease } from '../../db/reference-places-import.ts';
import type { App } from '../../http/build-service-app.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

let t: TestDatabase;
let master: App;
let iam: App;
let auth = '';
let allPorts: OceanPort[] = [];
let allAirports: Airport[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: master } = await buildTestApp('master', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  const login = await iam.inject({
    method: 'POST',
    url: '/iamserver/api/v1/auth/login',
    payload: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  auth = `Bearer ${login.json().data.accessToken}`;
  allPorts = await everyPage<OceanPort>('/oceanport');
  allAirports = await everyPage<Airport>('/airport');
}, 120_000);
afterAll(async () => {
  await master?.close();
  await iam?.close();
  await t?.close();
});

const get = (url: string) =>
  master.inject({ method: 'GET', url: `/master/api/v1${url}`, headers: { authorization: auth } });

/** The whole list as the app would cache it, page by page; fails on any U+FFFD in an answer. */
async function everyPage<T>(path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${path}?limit=500&page=${page}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('\uFFFD');
    expect(res.body).not.toContain('\\ufffd');
    const body = res.json() as { data: T[]; meta: { total: number } };
    rows.push(...body.data);
    if (rows.length >= body.meta.total) return rows;
  }
}

const codes = (res: { json(): { data: Array<{ _id: string }> } }) => res.json().data.map((r) => r._id);

describe('ocean ports and airports', () => {
  it('ships every UN/LOCODE seaport and every IATA airport, without a single U+FFFD', () => {
    expect(allPorts.length).toBeGreaterThanOrEqual(15_000);
    expect(allAirports.length).toBeGreaterThanOrEqual(5_000);
    expect(JSON.stringify([allPorts, allAirports])).not.toContain('\uFFFD');
    // Names the source damaged are repaired: from an intact spelling, or from nameWoDiacritics.
    expect(allPorts.find((p) => p.locode === 'DECGN')?.name).toBe('Köln');
    expect(allPorts.find((p) => p.locode === 'BRSSO')?.name).toMatch(/^São Sebasti/);
  });

  it('ranks an exact code first and ignores case and diacritics', async () => {
    expect(codes(await get('/oceanport?search=rtm'))[0]).toBe('NLRTM');
    expect(codes(await get('/oceanport?search=NLRTM'))[0]).toBe('NLRTM');
    expect(codes(await get('/airport?search=ams'))[0]).toBe('AMS');
    const koln = (await get('/oceanport?search=koln')).json().data as OceanPort[];
    expect(koln[0]).toMatchObject({ locode: 'DECGN', name: 'Köln' });
    expect(codes(await get('/oceanport?search=K%C3%96LN'))[0]).toBe('DECGN');
    expect(codes(await get('/airport?search=sao%20paulo'))).toEqual(expect.arrayContaining(['GRU', 'CGH']));
    expect(codes(await get('/oceanport?search=s%C3%A3o%20sebastiao'))[0]).toBe('BRSSO');
  });

  it('puts name prefixes before other matches', async () => {
    const rows = (await get('/oceanport?search=rotter&limit=50')).json().data as OceanPort[];
    expect(rows[0]?.locode).toBe('NLRTM');
    const firstOther = rows.findIndex((r) => !r.nameAscii.toLowerCase().startsWith('rotter'));
    if (firstOther >= 0)
      expect(rows.slice(firstOther).every((r) => !r.nameAscii.toLowerCase().startsWith('rotter'))).toBe(true);
  });

  it('combines the country filter with the search', async () => {
    const all = (await get('/oceanport?search=san&limit=500')).json() as { data: OceanPort[]; meta: { total: number } };
    const es = (await get('/oceanport?search=san&country=es&limit=500')).json() as {
      data: OceanPort[];
      meta: { total: number };
    };
    expect(es.meta.total).toBeGreaterThan(0);
    expect(es.meta.total).toBeLessThan(all.meta.total);
    expect(es.data.every((p) => p.country === 'ES')).toBe(true);
    const airports = (await get('/airport?country=NL')).json() as { data: Airport[] };
    expect(airports.data.length).toBeGreaterThan(0);
    expect(airports.data.every((a) => a.country === 'NL')).toBe(true);
  });

  it("answers in the shared rule's order, over the list the app caches, for terms sampled from the data", async () => {
    const portIndex = buildPlaceIndex(allPorts, oceanPortKeys);
    const airportIndex = buildPlaceIndex(allAirports, airportKeys);
    const portTerms = allPorts
      .filter((_, i) => i % 1500 === 0)
      .flatMap((p) => [p.locode.slice(2), p.nameAscii.slice(0, 3), p.nameAscii.split(' ').at(-1)!.slice(0, 4)]);
    const airportTerms = allAirports.filter((_, i) => i % 900 === 0).flatMap((a) => [a.iata, a.name.slice(0, 2)]);
    for (const term of [...portTerms, 'sao', 'koln', 'rtm']) {
      const server = codes(await get(`/oceanport?search=${encodeURIComponent(term)}&limit=500`));
      expect(server, term).toEqual(
        searchPlaces(portIndex, { search: term })
          .slice(0, 500)
          .map((p) => p._id),
      );
    }
    for (const term of [...airportTerms, 'ams', 'sao paulo']) {
      const server = codes(await get(`/airport?search=${encodeURIComponent(term)}&limit=500`));
      expect(server, term).toEqual(
        searchPlaces(airportIndex, { search: term })
          .slice(0, 500)
          .map((a) => a._id),
      );
    }
  });

  it('reads one port or airport by code, 404 NOT_FOUND for an unknown one', async () => {
    expect((await get('/oceanport/nlrtm')).json().data).toMatchObject({
      locode: 'NLRTM',
      name: 'Rotterdam',
      isActive: true,
    });
    expect((await get('/airport/AMS')).json().data).toMatchObject({ iata: 'AMS', icao: 'EHAM', country: 'NL' });
    for (const url of ['/oceanport/ZZZZZ', '/airport/ZZ9']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await get('/oceanport/x')).json().code).toBe('VALIDATION_FAILED');
  });

  it('pages at most 500 rows', async () => {
    const res = await get('/oceanport?limit=501');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect((await get('/airport?limit=500')).json().data).toHaveLength(500);
  });

  it('needs a signed-in caller', async () => {
    for (const url of ['/oceanport', '/airport/AMS', '/timezone-utc']) {
      expect((await master.inject({ method: 'GET', url: `/master/api/v1${url}` })).statusCode).toBe(401);
    }
  });

  it("gives every time zone today's offset", async () => {
    const data = (await get('/timezone-utc')).json().data as Array<{
      zone: string;
      utcOffset: string;
      offsetMinutes: number;
    }>;
    expect(data.find((z) => z.zone === 'Asia/Kolkata')).toEqual({
      zone: 'Asia/Kolkata',
      utcOffset: '+05:30',
      offsetMinutes: 330,
    });
    expect(data.find((z) => z.zone === 'America/St_Johns')?.offsetMinutes).toBeOneOf([-210, -150]);
    expect(data.length).toBeGreaterThan(300);
  });

  it('keeps a code a new release dropped: inactive, out of the lists, still readable by code; back when it returns', async () => {
    const release = await readRelease('oceanports');
    const rows = JSON.parse(release.rowsJson) as unknown[][];
    const without = {
      ...release,
      rowsJson: JSON.stringify(rows.filter((r) => r[0] !== 'NLRTM')),
      sha256: 'release-without-nlrtm',
    };
    expect(await importReferencePlaces(t.db, [without])).toEqual([
      { dataset: 'oceanports', rows: rows.length - 1, deactivated: 1 },
    ]);

    expect((await get('/oceanport/NLRTM')).json().data).toMatchObject({
      locode: 'NLRTM',
      name: 'Rotterdam',
      isActive: false,
    });
    expect(codes(await get('/oceanport?search=rtm'))).not.toContain('NLRTM');
    expect((await get('/oceanport?limit=1')).json().meta.total).toBe(allPorts.length - 1);

    // The same release again changes nothing; the real one brings the code back.
    expect(await importReferencePlaces(t.db, [without])).toEqual([]);
    expect(await importReferencePlaces(t.db, [release])).toEqual([
      { dataset: 'oceanports', rows: rows.length, deactivated: 0 },
    ]);
    expect((await get('/oceanport/NLRTM')).json().data.isActive).toBe(true);
    expect(codes(await get('/oceanport?search=rtm'))[0]).toBe('NLRTM');
  });
});

describe('the bulk lists the app searches offline', () => {
  it('answer every active row once, gzip-compressed, with an ETag that a 304 honours', async () => {
    for (const [path, all] of [
      ['/oceanport/bulk', allPorts],
      ['/airport/bulk', allAirports],
    ] as const) {
      const plain = await get(path);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).not.toContain('\uFFFD');
      const rows = (plain.json() as { data: Array<{ _id: string }> }).data;
      expect(rows.map((r) => r._id).sort()).toEqual(all.map((r) => r._id).sort());
      const etag = String(plain.headers.etag);
      expect(etag).toMatch(/^".+"$/);

      const zipped = await master.inject({
        method: 'GET',
        url: `/master/api/v1${path}`,
        headers: { authorization: auth, 'accept-encoding': 'gzip, br' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);

      const again = await master.inject({
        method: 'GET',
        url: `/master/api/v1${path}`,
        headers: { authorization: auth, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('are for signed-in callers only', async () => {
    const res = await master.inject({ method: 'GET', url: '/master/api/v1/oceanport/bulk' });
    expect(res.statusCode).toBe(401);
  });
});
