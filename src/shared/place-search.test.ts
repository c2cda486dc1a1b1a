import { describe, expect, it } from 'vitest';
import { airportKeys, buildPlaceIndex, normaliseSearch, oceanPortKeys, searchPlaces } from './place-search';

const port = (locode: string, name: string, functions = '1-------', nameAscii = name) => ({
  locode,
  country: locode.slice(0, 2),
  name,
  nameAscii,
  subdivision: '',
  functions,
});
const ports = [
  port('HNRTM', 'Mahogany Bay', '1-3-----'),
  port('NLRTM', 'Rotterdam', '12345---'),
  port('DECGN', 'Köln', '12345---', 'Koln'),
  port('DEKOE', 'Kölnbrand'),
  port('FRXYZ', 'Port de Koln-sur-Mer'),
  port('BRSSO', 'São Sebastiao', '1-3--6--', 'Sao Sebastiao'),
  port('NOARD', 'Årdalstangen'),
];
const index = buildPlaceIndex(ports, oceanPortKeys);
const find = (search: string, country?: string) => searchPlaces(index, { search, country }).map((p) => p.locode);

describe('the place search rule', () => {
  it('folds case, diacritics and punctuation', () => {
    expect(normaliseSearch('  São-Paulo ')).toBe('sao paulo');
    expect(normaliseSearch('KÖLN')).toBe('koln');
    expect(normaliseSearch('Straße Ørsted Łódź')).toBe('strasse orsted lodz');
  });

  it('puts an exact code first, the busier place first when codes collide', () => {
    expect(find('rtm')).toEqual(['NLRTM', 'HNRTM']);
    expect(find('nlrtm')).toEqual(['NLRTM']);
  });

  it('ranks name prefixes, then word prefixes, then other matches; ties by name', () => {
    expect(find('koln')).toEqual(['DECGN', 'DEKOE', 'FRXYZ']);
    expect(find('sao sebas')).toEqual(['BRSSO']);
    expect(find('ardal')).toEqual(['NOARD']);
    expect(find('otter')).toEqual(['NLRTM']);
  });

  it('combines the country filter with the search, and lists everything by name without one', () => {
    expect(find('koln', 'de')).toEqual(['DECGN', 'DEKOE']);
    expect(find('')).toEqual(['NOARD', 'DECGN', 'DEKOE', 'HNRTM', 'FRXYZ', 'NLRTM', 'BRSSO']);
  });

  it("answers the same with the service's gram index as with a plain scan", () => {
    const fast = buildPlaceIndex(ports, oceanPortKeys, { grams: true });
    for (const search of ['', 'k', 'ko', 'koln', 'rtm', 'sao se', 'zz', 'ln-s'])
      for (const country of [undefined, 'DE'])
        expect(searchPlaces(fast, { search, country })).toEqual(searchPlaces(index, { search, country }));
  });

  it('matches airports by IATA, ICAO and city', () => {
    const airports = [
      { iata: 'AMS', icao: 'EHAM', name: 'Amsterdam Airport Schiphol', city: 'Amsterdam', country: 'NL' },
      { iata: 'GRU', icao: 'SBGR', name: 'Guarulhos International', city: 'São Paulo', country: 'BR' },
      { iata: 'XAM', icao: null, name: 'Amsfield', city: 'Nowhere', country: 'US' },
    ];
    const ai = buildPlaceIndex(airports, airportKeys);
    expect(searchPlaces(ai, { search: 'ams' }).map((a) => a.iata)).toEqual(['AMS', 'XAM']);
    expect(searchPlaces(ai, { search: 'eham' }).map((a) => a.iata)).toEqual(['AMS']);
    expect(searchPlaces(ai, { search: 'sao paulo' }).map((a) => a.iata)).toEqual(['GRU']);
  });
});
