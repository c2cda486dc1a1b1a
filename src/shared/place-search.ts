/**
 * The one search and ranking rule of the place lists (docs/api.md section 11), pure TypeScript so that the
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

const bySortKey = (a: IndexedPlace<unknown>, b: IndexedPlace<unknown>) =>
  a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0;

/** Rows prepared once and kept in tie-break order, so that a search needs no sort (only code hits are ordered). */
export interface PlaceIndex<T> {
  readonly places: readonly IndexedPlace<T>[];
  /**
   * Optional, for a service under load: positions (ascending) of the places whose text holds each
   * 2- and 3-character piece, so that a search visits only the places that can match. Same answers.
   */
  readonly grams?: ReadonlyMap<string, Int32Array>;
  readonly byCountry?: ReadonlyMap<string, Int32Array>;
}

export function buildPlaceIndex<T>(
  rows: readonly T[],
  keysOf: (row: T) => PlaceKeys,
  options: { grams?: boolean } = {},
): PlaceIndex<T> {
  const places = rows.map((r) => indexPlace(r, keysOf(r))).sort(bySortKey);
  if (!options.grams) return { places };
  const grams = new Map<string, number[]>();
  const byCountry = new Map<string, number[]>();
  places.forEach((place, i) => {
    const seen = new Set<string>();
    for (let n = 2; n <= 3; n++) for (let k = 0; k + n <= place.all.length; k++) seen.add(place.all.slice(k, k + n));
    for (const g of seen) {
      const list = grams.get(g);
      if (list) list.push(i);
      else grams.set(g, [i]);
    }
    const list = byCountry.get(place.country);
    if (list) list.push(i);
    else byCountry.set(place.country, [i]);
  });
  const packed = (m: Map<string, number[]>) => new Map([...m].map(([k, v]) => [k, Int32Array.from(v)]));
  return { places, grams: packed(grams), byCountry: packed(byCountry) };
}

/** The positions a search must visit: the shortest posting list that every match is on, or all. */
function candidates(
  index: PlaceIndex<unknown>,
  term: string,
  country: string | undefined,
): ArrayLike<number> | undefined {
  if (!index.grams || !index.byCountry) return undefined;
  let best: ArrayLike<number> | undefined = country ? (index.byCountry.get(country) ?? new Int32Array(0)) : undefined;
  if (term.length >= 2) {
    const n = term.length >= 3 ? 3 : 2;
    for (let k = 0; k + n <= term.length; k++) {
      const list = index.grams.get(term.slice(k, k + n)) ?? new Int32Array(0);
      if (!best || list.length < best.length) best = list;
    }
  }
  return best;
}

/**
 * The rank of one prepared row for a normalised term (`normaliseSearch`) and the same term after a
 * space (`wordStart`), or undefined when it does not match.
 */
export function rankPlace(place: IndexedPlace<unknown>, term: string, wordStart = ` ${term}`): number | undefined {
  if (term === '') return 3;
  // Most rows do not match at all: one test of the whole text rejects them.
  if (!place.all.includes(term)) return undefined;
  // A plain loop: Array.prototype.includes costs more than the other tests together over 17,000 rows.
  for (let i = 0; i < place.codes.length; i++) if (place.codes[i] === term) return 0;
  if (place.name.startsWith(term)) return 1;
  if (place.spaced.includes(wordStart)) return 2;
  return 3;
}

export interface PlaceSearchOptions {
  search?: string | undefined;
  /** ISO 3166-1 alpha-2; combines with the search. */
  country?: string | undefined;
}

/**
 * Every matching row, best first; ties by name, then code. One pass over the index (or over the
 * candidates its grams allow, in the same order) into four buckets, which keep the index's tie-break order.
 */
export function searchPlaces<T>(index: PlaceIndex<T>, options: PlaceSearchOptions): T[] {
  const term = normaliseSearch(options.search ?? '');
  const wordStart = ` ${term}`;
  const country = options.country?.toUpperCase();
  const buckets: IndexedPlace<T>[][] = [[], [], [], []];
  const visit = (place: IndexedPlace<T>) => {
    if (country && place.country !== country) return;
    const rank = rankPlace(place, term, wordStart);
    if (rank !== undefined) buckets[rank]!.push(place);
  };
  const only = candidates(index, term, country);
  if (only) for (let i = 0; i < only.length; i++) visit(index.places[only[i]!]!);
  else for (const place of index.places) visit(place);
  // Places sharing an exact code: the busier first (stable, so then by name and code).
  buckets[0]!.sort((a, b) => b.weight - a.weight);
  const out: T[] = [];
  for (const bucket of buckets) for (const place of bucket) out.push(place.row);
  return out;
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
