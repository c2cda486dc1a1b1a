import { describe, expect, it } from 'vitest';
import type { ShipmentEvent } from '../../shared/contracts/shipment-events';
import { timelineGroups } from './milestone-timeline';

let n = 0;
const ev = (
  code: ShipmentEvent['code'],
  classifier: ShipmentEvent['classifier'],
  at: string,
  extra: Partial<ShipmentEvent> = {},
): ShipmentEvent => ({
  _id: `e${++n}`,
  shipmentId: 's',
  code,
  classifier,
  at,
  location: null,
  containerNumber: null,
  note: '',
  retracts: null,
  createdBy: null,
  createdByName: null,
  createdAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`,
  retractedBy: null,
  ...extra,
});

const route = {
  mode: 'sea-fcl' as const,
  origin: 'NLRTM',
  destination: 'SGSIN',
  placeOfReceipt: null,
  placeOfDelivery: null,
};

describe('timelineGroups', () => {
  it('puts planned, estimated and actual of one step side by side, per container, in the order of the route', () => {
    const estimate = ev('ARRI', 'EST', '2026-03-29T00:00:00Z', { location: 'SGSIN' });
    const groups = timelineGroups(route, [
      ev('DEPA', 'PLN', '2026-03-02T00:00:00Z', { location: 'NLRTM' }),
      ev('ARRI', 'PLN', '2026-03-28T00:00:00Z', { location: 'SGSIN' }),
      estimate,
      ev('ARRI', 'EST', '2026-03-31T00:00:00Z', { location: 'SGSIN', retracts: estimate._id }),
      ev('DEPA', 'ACT', '2026-03-03T00:00:00Z', { location: 'NLRTM' }),
      ev('GTIN', 'ACT', '2026-03-01T00:00:00Z', { location: 'NLRTM', containerNumber: 'MSKU6011672' }),
      ev('CONF', 'ACT', '2026-02-01T00:00:00Z'),
    ]);
    expect(groups.map((g) => g.containerNumber)).toEqual([null, 'MSKU6011672']);
    const rows = groups[0]!.rows;
    expect(rows.map((r) => r.code)).toEqual(['CONF', 'DEPA', 'ARRI']);
    expect(Object.keys(rows[1]!.cells).sort()).toEqual(['ACT', 'PLN']);
    // The retracted estimate leaves the row; its correction stands.
    expect(rows[2]!.cells.EST!.at).toBe('2026-03-31T00:00:00Z');
  });
});
