import { describe, expect, it } from 'vitest';
import { milestoneFacts, type FactsEvent } from './milestone-facts.ts';
import { isActualInFuture, isOnHold, nextMilestones } from './milestones.ts';

let n = 0;
const ev = (code: string, at: string, extra: Partial<FactsEvent> = {}): FactsEvent => ({
  _id: `e${++n}`,
  code,
  classifier: 'ACT',
  at,
  location: null,
  containerNumber: null,
  retracts: null,
  createdAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`,
  ...extra,
});

const sea = {
  mode: 'sea-fcl' as const,
  origin: 'NLRTM',
  destination: 'SGSIN',
  placeOfReceipt: null,
  placeOfDelivery: 'MYPKG',
};

describe('milestones', () => {
  it('offers the next steps of the mode after the furthest that happened, at the expected place', () => {
    expect(nextMilestones(sea, []).map((s) => s.code)).toEqual(['CONF', 'RECE', 'GTIN']);
    const departed = [ev('CONF', '2026-03-01T00:00:00Z'), ev('DEPA', '2026-03-02T00:00:00Z', { location: 'NLRTM' })];
    expect(nextMilestones(sea, departed)).toEqual([
      { code: 'ARRI', location: 'SGSIN', perContainer: false },
      { code: 'DISC', location: 'SGSIN', perContainer: true },
      { code: 'RELS', location: 'SGSIN', perContainer: false },
    ]);
    expect(nextMilestones({ ...sea, mode: 'air', origin: 'AMS', destination: 'JFK' }, departed)[0]).toEqual({
      code: 'ARRI',
      location: 'JFK',
      perContainer: false,
    });
    // A retracted departure no longer counts.
    const retracted = [
      ...departed,
      ev('DEPA', '2026-03-03T00:00:00Z', { classifier: 'EST', retracts: departed[1]!._id }),
    ];
    expect(nextMilestones(sea, retracted)[0]!.code).toBe('RECE');
  });

  it('holds while the last actual HOLD has no release at or after it', () => {
    const hold = ev('HOLD', '2026-03-05T00:00:00Z');
    expect(isOnHold([hold])).toBe(true);
    expect(isOnHold([hold, ev('RELS', '2026-03-06T00:00:00Z')])).toBe(false);
    expect(isOnHold([ev('RELS', '2026-03-04T00:00:00Z'), hold])).toBe(true);
    expect(isOnHold([hold, ev('HOLD', '2026-03-05T00:00:00Z', { retracts: hold._id, classifier: 'EST' })])).toBe(false);
  });

  it('believes an actual time up to 5 minutes ahead', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(isActualInFuture({ classifier: 'ACT', at: '2026-03-01T12:04:59Z' }, now)).toBe(false);
    expect(isActualInFuture({ classifier: 'ACT', at: '2026-03-01T12:05:01Z' }, now)).toBe(true);
    expect(isActualInFuture({ classifier: 'EST', at: '2026-04-01T00:00:00Z' }, now)).toBe(false);
  });

  it('keeps the last recorded estimate and the first actual arrival at the destination', () => {
    const shipment = { closed: false, origin: 'NLRTM', destination: 'SGSIN', placeOfDelivery: null };
    const facts = milestoneFacts(shipment, [
      ev('ARRI', '2026-03-30T00:00:00Z', { classifier: 'PLN' }),
      ev('ARRI', '2026-04-02T00:00:00Z', { classifier: 'EST' }),
      ev('ARRI', '2026-03-31T00:00:00Z', { classifier: 'EST' }),
      ev('ARRI', '2026-03-20T00:00:00Z', { location: 'LKCMB' }),
    ]);
    expect(facts).toMatchObject({
      status: 'draft',
      plannedArrivalAt: '2026-03-30T00:00:00Z',
      estimatedArrivalAt: '2026-03-31T00:00:00Z',
      arrivedAt: null,
      onHold: false,
    });
  });
});
