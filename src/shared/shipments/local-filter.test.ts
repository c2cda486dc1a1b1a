import { describe, expect, it } from 'vitest';
import type { Shipment } from '../contracts/shipments';
import { filterShipments } from './local-filter';

const base = {
  status: 'booked',
  direction: 'export',
  customerId: 'c1',
  customerName: 'Café Ñandú S.A.',
  origin: 'NLRTM',
  destination: 'CNSHA',
  etd: '2026-03-02',
  eta: '2026-04-05',
  carrierBookingReference: 'BKG-778812',
  masterBillNumber: 'MAEU123456789',
  houseBillNumber: '',
  containers: [{ number: 'MSKU6011672', sizeType: '22G1', seals: [], grossWeightKg: null }],
} as const;
const sea = { ...base, number: 'SEA-2026-00001', mode: 'sea-fcl' } as unknown as Shipment;
const air = {
  ...base,
  number: 'AIR-2026-00001',
  mode: 'air',
  status: 'in-transit',
  customerId: 'c2',
  customerName: 'Other Ltd',
  origin: 'AMS',
  destination: 'JFK',
  etd: '2026-03-10',
  eta: '2026-03-11',
  masterBillNumber: '020-12345675',
  carrierBookingReference: '',
  containers: [],
} as unknown as Shipment;
const list = [sea, air];
const numbers = (found: Shipment[]) => found.map((s) => s.number);

describe('filterShipments', () => {
  it('finds a container number typed as painted, a bill, a booking and a customer without accents', () => {
    expect(numbers(filterShipments(list, 'msku 601167-2'))).toEqual(['SEA-2026-00001']);
    expect(numbers(filterShipments(list, '020 1234'))).toEqual(['AIR-2026-00001']);
    expect(numbers(filterShipments(list, 'bkg778812'))).toEqual(['SEA-2026-00001']);
    expect(numbers(filterShipments(list, 'cafe nandu'))).toEqual(['SEA-2026-00001']);
    expect(numbers(filterShipments(list, 'sea-2026'))).toEqual(['SEA-2026-00001']);
    expect(numbers(filterShipments(list, ''))).toEqual(['SEA-2026-00001', 'AIR-2026-00001']);
  });

  it('applies the filters of the paginate call', () => {
    expect(numbers(filterShipments(list, undefined, { mode: 'air' }))).toEqual(['AIR-2026-00001']);
    expect(numbers(filterShipments(list, undefined, { status: ['booked', 'draft'] }))).toEqual(['SEA-2026-00001']);
    expect(numbers(filterShipments(list, undefined, { customerId: 'c2' }))).toEqual(['AIR-2026-00001']);
    expect(numbers(filterShipments(list, undefined, { origin: 'nlrtm' }))).toEqual(['SEA-2026-00001']);
    expect(numbers(filterShipments(list, undefined, { etdFrom: '2026-03-03', etdTo: '2026-03-10' }))).toEqual([
      'AIR-2026-00001',
    ]);
    expect(numbers(filterShipments(list, undefined, { etaTo: '2026-03-31' }))).toEqual(['AIR-2026-00001']);
  });
});
