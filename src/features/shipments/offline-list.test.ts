import { describe, expect, it } from 'vitest';
import { SHIPMENT_DEFAULTS, type Shipment } from '../../shared/contracts/shipments';
import { iso6346CheckDigit } from '../../shared/shipments/check-digits';
import { SHIPMENT_MODES, OPEN_STATUSES } from '../../shared/shipments/codes';
import { readFilters } from './list-filters';
import { filterHeldShipments } from './offline-list';

function container(serial: number): string {
  const first = `FDTU${String(serial).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
}

function shipment(i: number): Shipment {
  const day = `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  return {
    ...SHIPMENT_DEFAULTS,
    _id: `id-${i}`,
    version: 1,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    updatedAt: '2026-01-01T00:00:00Z',
    number: `SEA-2026-${String(i + 1).padStart(5, '0')}`,
    mode: SHIPMENT_MODES[i % 4]!,
    status: OPEN_STATUSES[i % OPEN_STATUSES.length]!,
    closed: false,
    customerId: `c-${i % 50}`,
    customerName: i % 50 === 7 ? 'Müller Logística' : `Customer ${i % 50}`,
    origin: i % 2 ? 'NLRTM' : 'DEHAM',
    destination: 'SGSIN',
    etd: day,
    eta: day,
    carrierBookingReference: `BK${i}`,
    masterBillNumber: `MAEU${i}`,
    containers: [0, 1, 2, 3].map((k) => ({
      number: container(i * 4 + k),
      sizeType: '42G1',
      seals: [],
      grossWeightKg: null,
    })),
    cargo: [],
    totals: { packages: 0, grossWeightKg: 0, volumeM3: 0, chargeableWeightKg: null },
  };
}

const HELD = Array.from({ length: 2_000 }, (_, i) => shipment(i));
const state = (search: string) => ({ page: 1, limit: 20, search, sort: undefined });

describe('the shipments kept offline, searched in the browser', () => {
  it('finds a container typed as painted on the box, and a customer typed without accents', () => {
    const number = container(4 * 1234 + 2);
    const typed = `${number.slice(0, 4).toLowerCase()} ${number.slice(4, 10)}-${number[10]}`;
    expect(filterHeldShipments(HELD, state(typed), readFilters(new URLSearchParams())).items.map((s) => s._id)).toEqual(
      ['id-1234'],
    );
    const muller = filterHeldShipments(HELD, state('muller logistica'), readFilters(new URLSearchParams()));
    expect(muller.meta.total).toBe(40);
  });

  it('applies the filters and the ETD range as the service does, and pages the result', () => {
    const filters = readFilters(new URLSearchParams('mode=air&origin=DEHAM&etdFrom=2026-03-01&etdTo=2026-03-31'));
    const page = filterHeldShipments(HELD, { page: 2, limit: 5, search: '', sort: 'etd' }, filters);
    for (const row of page.items) {
      expect(row.mode).toBe('air');
      expect(row.origin).toBe('DEHAM');
      expect(row.etd! >= '2026-03-01' && row.etd! <= '2026-03-31').toBe(true);
    }
    expect(page.meta).toMatchObject({ page: 2, limit: 5 });
    expect(page.meta.total).toBeGreaterThan(5);
  });

  it('narrows with every keystroke over 2,000 held shipments, as the server search would', () => {
    // How fast a keystroke is answered is measured in the bench (bench/shipments.ts), not here.
    const empty = readFilters(new URLSearchParams());
    let previous = new Set(HELD.map((s) => s._id));
    for (const term of ['f', 'fd', 'fdt', 'fdtu', 'fdtu 0', 'fdtu 0012', 'fdtu-00123']) {
      const found = filterHeldShipments(HELD, state(term), readFilters(new URLSearchParams())).meta.total;
      const ids = new Set(filterHeldShipments(HELD, { ...state(term), limit: 2000 }, empty).items.map((s) => s._id));
      expect(ids.size).toBe(Math.min(found, 2000));
      for (const id of ids) expect(previous.has(id)).toBe(true);
      previous = ids;
    }
    expect(previous.size).toBeGreaterThan(0);
  });
});
