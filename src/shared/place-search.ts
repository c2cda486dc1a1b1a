/**
 * The one search and ranking rule of the place lists (CONTRACT.md section 11), pure TypeScript so that the
 * service and the app (offline, over its cached copy) give the same rows in the same order.
 *
 * Case and diacritics are ignored (`koln` finds Köln, `sao paulo` finds São Paulo). Rank, best first:
 * 0 the term is a code (`rtm`: the location part of NLRTM or the whole locode; `ams`: the IATA code),
 * 1 the name starts with the term, 2 a word of the name (or of the airport's city) starts with it,
 * 3 the term occurs anywhere in the name, city, subdivision or codes. Ties: among exact codes the
 * busier place first (`rtm` is the location part of NLRTM and of HNRTM: Rotterdam, a port of five
 * functions, before Mahogany Bay of two), then name, then code.
 */

/** Letters that NFD does not split into a base letter and a mark. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ħ: 'h', ı: 'i', þ: 'th' };

/** Lower case, without diacritics, punctuation as single spaces: the form both sides compare. */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłħıþ]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What a row is searched by. */
export interface PlaceKeys {
  /** Codes that rank first when the term equals one of them (`NLRTM`, `RTM`; `AMS`, `EHAM`). */
  codes: readonly string[];
  name: string;
  /** Further names a word prefix may match (an airport's city). */
  words: readonly string[];
  /** Text matched anywhere (subdivision, ASCII spelling). */
  other: readonly string[];
  country: string;
  /** Orders places that share an exact code, higher first (a port's number of UNECE functions). */
  weight?: number;
}

/** A row prepared once, so that a keystroke only compares strings. */
export interface IndexedPlace<T> {
  row: T;
  country: string;
  codes: readonly string[];
  name: string;
  /** ` name words city …`: a word starts where a space precedes it. */
  spaced: string;
  all: string;
  weight: number;
  /** The tie-break, computed once. */
  sortKey: string;
}

export function indexPlace<T>(row: T, keys: PlaceKeys): IndexedPlace<T> {
  const name = normaliseSearch(keys.name);
  const words = keys.words.map(normaliseSearch).filter(Boolean);
  const codes = keys.codes.map(normaliseSearch).filter(Boolean);
  const spaced = ` ${[name, ...words].join(' ')}`;
  return {
    row,
    country: keys.country.toUpperCase(),
    codes,
    name,
    spaced,
    all: `${spaced} ${[...keys.other.map(normaliseSearch), ...codes].join(' ')}`,
    weight: keys.weight ?? 0,
    sortKey: `${name}\u0000${codes[0] ?? ''}`,
  };
}

/** The rank of one prepared row for a normalised term (`normaliseSearch`), or undefined when it does not match. */
export function rankPlace(place: IndexedPlace<unknown>, term: string): number | undefined {
  if (term === '') return 3;
  if (place.codes.includes(term)) return 0;
  if (place.name.startsWith(term)) return 1;
  if (place.spaced.includes(` ${term}`)) return 2;
  if (place.all.includes(term)) return 3;
  return undefined;
}

export interface PlaceSearchOptions {
  search?: string | undefined;
  /** ISO 3166-1 alpha-2; combines with the search. */
  country?: string | undefined;
}

/** Every matching row, best first; ties by name, then code. */
export function searchPlaces<T>(index: readonly IndexedPlace<T>[], options: PlaceSearchOptions): T[] {
  const term = normaliseSearch(options.search ?? '');
  const country = options.country?.toUpperCase();
  const hits: { place: IndexedPlace<T>; rank: number }[] = [];
  for (const place of index) {
    if (country && place.country !== country) continue;
    const rank = rankPlace(place, term);
    if (rank !== undefined) hits.push({ place, rank });
  }
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      (a.rank === 0 ? b.place.weight - a.place.weight : 0) ||
      (a.place.sortKey < b.place.sortKey ? -1 : a.place.sortKey > b.place.sortKey ? 1 : 0),
  );
  return hits.map((h) => h.place.row);
}

/** The keys of an ocean port: the locode and its location part are codes. */
export function oceanPortKeys(p: {
  locode: string;
  country: string;
  name: string;
  nameAscii: string;
  subdivision: string;
  functions: string;
}): PlaceKeys {
  return {
    codes: [p.locode, p.locode.slice(2)],
    weight: p.functions.replace(/-/g, '').length,
    name: p.name,
    words: [],
    other: [p.nameAscii, p.subdivision],
    country: p.country,
  };
}

/** The keys of an airport: IATA and ICAO are codes, the city is searched by word. */
export function airportKeys(a: {
  iata: string;
  icao: string | null;
  name: string;
  city: string;
  country: string;
}): PlaceKeys {
  return { codes: a.icao ? [a.iata, a.icao] : [a.iata], name: a.name, words: [a.city], other: [], country: a.country };
}
