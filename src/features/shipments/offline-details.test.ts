// @vitest-environment jsdom
import { dehydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { isPersisted } from '../../lib/session/query-persistence';
import { itemAnswer, listAnswer } from '../../shared/contracts/resource-contract';
import { dropdownAnswerSchema } from '../../shared/contracts/master-reference';
import { chargeSchema, shipmentProfitSchema } from '../../shared/contracts/shipment-charges';
import { shipmentDocumentSchema } from '../../shared/contracts/shipment-documents';
import { shipmentEventSchema, shipmentEventsMeta } from '../../shared/contracts/shipment-events';
import { SHIPMENT_DEFAULTS, type Shipment } from '../../shared/contracts/shipments';
import { chargesKey, profitKey, shipmentPicklistsQueryOptions } from './charges-api';
import { shipmentDocumentsKey } from './documents-api';
import { shipmentEventsKey } from './events-api';
import {
  keepShipmentDetails,
  OFFLINE_DETAILS_CONCURRENCY,
  OFFLINE_DETAILS_MAX,
  shipmentsLikelyOpened,
} from './offline-details';

const TODAY = '2026-11-28';
const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function shipment(n: number, fields: Partial<Shipment> = {}): Shipment {
  return {
    ...SHIPMENT_DEFAULTS,
    _id: idOf(n),
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    number: `SEA-2026-${String(n).padStart(5, '0')}`,
    status: 'booked',
    closed: false,
    ...fields,
  } as Shipment;
}

/**
 * 120 open shipments: one leaving or arriving every day from 60 days ago to 59 days ahead (ETD n days off,
 * ETA 20 days after it), and 10 more without dates.
 */
const OPEN = [
  ...Array.from({ length: 120 }, (_, i) => shipment(i + 1, { etd: day(i - 60), eta: day(i - 40) })),
  ...Array.from({ length: 10 }, (_, i) => shipment(200 + i, { etd: null, eta: null })),
];

const at = '2026-11-20T08:00:00.000Z';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * shipmentserver and master as the screen calls them, each answer made with the shared contract; `refuse`
 * names the paths answered with a 500. Counts the calls in flight at once.
 */
function serve(refuse: (path: string) => boolean = () => false) {
  const flight = { now: 0, most: 0 };
  const paths: string[] = [];
  const answer = (path: string): Response => {
    if (refuse(path)) return json({ code: 'INTERNAL', message: 'down' }, 500);
    const [, id = ''] = /\/shipments\/([^/]+)\//.exec(path) ?? [];
    if (path.startsWith('/dropdown'))
      return json(
        itemAnswer(dropdownAnswerSchema).parse({
          data: [
            { _id: 'o1', module: 'shipments', group: 'charge-codes', value: 'FRT', label: 'Freight', sortOrder: 1 },
          ],
        }),
      );
    if (path.endsWith('/events'))
      return json(
        listAnswer(shipmentEventSchema, shipmentEventsMeta).parse({
          data: [
            {
              _id: `e-${id}`,
              shipmentId: id,
              code: 'CONF',
              classifier: 'ACT',
              at,
              location: null,
              containerNumber: null,
              note: '',
              retracts: null,
              createdBy: null,
              createdByName: 'Ana',
              createdAt: at,
              retractedBy: null,
            },
          ],
          meta: { total: 1, status: 'booked' },
        }),
      );
    if (path.includes('/documents'))
      return json(
        listAnswer(shipmentDocumentSchema).parse({
          data: [
            {
              _id: `d-${id}`,
              shipmentId: id,
              fileId: `f-${id}`,
              type: 'bill-of-lading',
              fileName: `BL ${id}.pdf`,
              size: 52_000,
              contentType: 'application/pdf',
              createdBy: null,
              createdByName: 'Ana',
              createdAt: at,
            },
          ],
          meta: { total: 1, page: 1, limit: 100 },
        }),
      );
    if (path.includes('/charges'))
      return json(
        listAnswer(chargeSchema).parse({
          data: [
            {
              _id: `c-${id}`,
              version: 1,
              createdAt: at,
              updatedAt: at,
              shipmentId: id,
              kind: 'revenue',
              chargeCode: 'FRT',
              description: '',
              quantity: '1',
              unitPrice: '1500.00',
              currency: 'EUR',
              amount: '1500.00',
              partyId: null,
              partyName: null,
            },
          ],
          meta: { total: 1, page: 1, limit: 100 },
        }),
      );
    if (path.endsWith('/profit'))
      return json(
        itemAnswer(shipmentProfitSchema).parse({
          data: {
            currency: 'EUR',
            revenue: '1500.00',
            cost: '0.00',
            profit: '1500.00',
            marginPercent: '100.00',
            rateDate: TODAY,
            rates: [],
            lines: [],
          },
        }),
      );
    return json({ code: 'NOT_FOUND', message: path }, 404);
  };
  const fetchMock = vi.fn(async (url: string) => {
    const parsed = new URL(url);
    const path = `${parsed.pathname.replace(/^.*\/api\/v1/, '')}${parsed.search}`;
    paths.push(path);
    flight.now += 1;
    flight.most = Math.max(flight.most, flight.now);
    // Answered a few turns later, so that calls overlap as they would over a network.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    flight.now -= 1;
    return answer(path);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { paths, flight };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the shipments most likely opened', () => {
  it('are the 50 whose ETD or ETA lies nearest to today, past or future, those without dates last', () => {
    const chosen = shipmentsLikelyOpened(OPEN, TODAY);
    expect(chosen).toHaveLength(OFFLINE_DETAILS_MAX);
    const distance = (s: Shipment) =>
      Math.min(
        ...[s.etd, s.eta].map(
          (d) => Math.abs(Date.parse(`${d}T00:00:00Z`) - Date.parse(`${TODAY}T00:00:00Z`)) / 86_400_000,
        ),
      );
    // Every shipment left out is at least as far from today as every one chosen.
    const farthestChosen = Math.max(...chosen.map(distance));
    const left = OPEN.filter((s) => !chosen.includes(s) && s.etd);
    expect(Math.min(...left.map(distance))).toBeGreaterThanOrEqual(farthestChosen);
    // Arriving today (ETD 20 days ago) and leaving today both count as today.
    expect(chosen.slice(0, 2).map((s) => [s.etd, s.eta])).toEqual(
      expect.arrayContaining([
        [day(0), day(20)],
        [day(-20), day(0)],
      ]),
    );
    expect(chosen.some((s) => s.etd === null)).toBe(false);
  });

  it('takes those without dates when fewer have them, and the one changed last of two as near', () => {
    const twin = shipment(300, { etd: day(3), eta: null, updatedAt: '2026-11-27T10:00:00.000Z' });
    const older = shipment(301, { etd: day(3), eta: null, updatedAt: '2026-11-01T10:00:00.000Z' });
    const undated = shipment(302, { etd: null, eta: null });
    expect(shipmentsLikelyOpened([undated, older, twin], TODAY, 2).map((s) => s._id)).toEqual([twin._id, older._id]);
    expect(shipmentsLikelyOpened([undated, older], TODAY).map((s) => s._id)).toEqual([older._id, undated._id]);
  });
});

describe('keeping their sections for offline', () => {
  it('fills the screen’s milestones, documents, charges and profit of those 50 only, 4 calls at a time', async () => {
    const { paths, flight } = serve();
    const client = createQueryClient();
    const result = await keepShipmentDetails(client, OPEN, { charges: true, today: TODAY });

    const chosen = shipmentsLikelyOpened(OPEN, TODAY);
    expect(result).toEqual({ kept: 1 + 4 * OFFLINE_DETAILS_MAX, failed: 0 });
    expect(paths).toHaveLength(1 + 4 * OFFLINE_DETAILS_MAX);
    expect(flight.most).toBe(OFFLINE_DETAILS_CONCURRENCY);
    for (const { _id } of chosen) {
      expect(client.getQueryData<{ items: { code: string }[] }>(shipmentEventsKey(_id))?.items[0]?.code).toBe('CONF');
      expect(
        client.getQueryData<{ items: { fileName: string }[] }>(shipmentDocumentsKey(_id))?.items[0]?.fileName,
      ).toBe(`BL ${_id}.pdf`);
      expect(client.getQueryData<{ amount: string }[]>(chargesKey(_id))?.map((c) => c.amount)).toEqual(['1500.00']);
      expect(client.getQueryData<{ profit: string }>(profitKey(_id))?.profit).toBe('1500.00');
    }
    expect(client.getQueryData(shipmentPicklistsQueryOptions.queryKey)).toHaveLength(1);
    const others = OPEN.filter((s) => !chosen.includes(s));
    for (const { _id } of others) expect(client.getQueryData(shipmentEventsKey(_id))).toBeUndefined();
  });

  it('asks for no charges when the role may not read them', async () => {
    const { paths } = serve();
    const client = createQueryClient();
    await keepShipmentDetails(client, OPEN, { charges: false, today: TODAY });
    expect(paths).toHaveLength(2 * OFFLINE_DETAILS_MAX);
    expect(paths.filter((p) => /charges|profit|dropdown/.test(p))).toEqual([]);
    const [first] = shipmentsLikelyOpened(OPEN, TODAY);
    expect(client.getQueryData(chargesKey(first!._id))).toBeUndefined();
    expect(client.getQueryData(shipmentDocumentsKey(first!._id))).toBeDefined();
  });

  it('goes on past a shipment whose section fails, and fails only when nothing could be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [first, second] = shipmentsLikelyOpened(OPEN, TODAY);
    serve((path) => path.startsWith(`/shipments/${first!._id}/documents`));
    const client = createQueryClient();
    const result = await keepShipmentDetails(client, OPEN, { charges: false, today: TODAY });
    expect(result).toEqual({ kept: 2 * OFFLINE_DETAILS_MAX - 1, failed: 1 });
    expect(client.getQueryData(shipmentDocumentsKey(first!._id))).toBeUndefined();
    expect(client.getQueryData(shipmentEventsKey(first!._id))).toBeDefined();
    expect(client.getQueryData(shipmentDocumentsKey(second!._id))).toBeDefined();

    serve(() => true);
    await expect(
      keepShipmentDetails(createQueryClient(), OPEN, { charges: false, today: TODAY }),
    ).rejects.toMatchObject({
      status: 500,
    });
  });

  it('stays in the persisted copy when nobody looks at it for hours', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    serve();
    const client = createQueryClient();
    const [first] = shipmentsLikelyOpened(OPEN, TODAY);
    await keepShipmentDetails(client, [first!], { charges: true, today: TODAY });
    // The copy is written from what is in memory: an unwatched query must outlive Query's default 5 minutes.
    vi.advanceTimersByTime(6 * 60 * 60_000);
    const kept = dehydrate(client, { shouldDehydrateQuery: isPersisted }).queries.map((q) => q.queryKey);
    for (const key of [
      shipmentEventsKey(first!._id),
      shipmentDocumentsKey(first!._id),
      chargesKey(first!._id),
      profitKey(first!._id),
    ])
      expect(kept).toContainEqual([...key]);
  });
});
