import { describe, expect, it } from 'vitest';
import { weekOf } from '../../shared/calendar-week';
import { applyViewQuery, filtersBody, readFilters, viewQueryOf, writeFilters } from './list-filters';

const CUSTOMER = '4b0c6f9e-1d2a-4c3b-8e5f-6a7b8c9d0e1f';
const read = (query: string) => readFilters(new URLSearchParams(query));

describe('shipment filters in the URL', () => {
  it('reads every filter back from a shared link, as the paginate body takes them', () => {
    const filters = read(
      `mode=air&status=booked,in-transit&direction=import&customer=${CUSTOMER}&origin=ams&destination=SGSIN&etdFrom=2026-03-02&etdTo=2026-03-08&etaFrom=2026-03-03&etaTo=2026-03-09`,
    );
    expect(filtersBody(filters)).toEqual({
      mode: ['air'],
      status: ['booked', 'in-transit'],
      direction: ['import'],
      customerId: CUSTOMER,
      origin: 'AMS',
      destination: 'SGSIN',
      etdFrom: '2026-03-02',
      etdTo: '2026-03-08',
      etaFrom: '2026-03-03',
      etaTo: '2026-03-09',
    });
  });

  it('leaves out what the service would refuse instead of failing the list', () => {
    const filters = read('mode=ship&status=booked,lost,booked&customer=42&origin=R&etdFrom=2026-13-45&etaTo=soon');
    expect(filtersBody(filters)).toEqual({ status: ['booked'] });
  });

  it('writes a change back, dropping empty filters and the page, keeping the search and sort', () => {
    const before = new URLSearchParams('search=msku&sort=-etd&page=4&mode=air&status=draft');
    const after = writeFilters(before, { mode: [], status: ['booked', 'arrived'], etdFrom: '2026-03-02' });
    expect(Object.fromEntries(after)).toEqual({
      search: 'msku',
      sort: '-etd',
      status: 'booked,arrived',
      etdFrom: '2026-03-02',
    });
  });
});

describe('saved view queries', () => {
  it('keep the filters and search in one order, whatever order the URL had them in', () => {
    const a = viewQueryOf(new URLSearchParams('search=%20msku%20&page=3&status=booked&mode=air&limit=50'));
    const b = viewQueryOf(new URLSearchParams('mode=air&status=booked&search=msku'));
    expect(a).toBe('mode=air&status=booked&search=msku');
    expect(b).toBe(a);
  });

  it('open on page 1 with the page size and sort kept, and the old filters gone', () => {
    const now = new URLSearchParams('page=5&limit=50&sort=-eta&mode=road&origin=DEHAM&search=old');
    const opened = applyViewQuery(now, 'mode=air&status=booked');
    expect(Object.fromEntries(opened)).toEqual({ limit: '50', sort: '-eta', mode: 'air', status: 'booked' });
  });
});

describe('the week of a day', () => {
  it('runs Monday to Sunday, across a month and a year', () => {
    expect(weekOf('2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});
