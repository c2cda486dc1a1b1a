/**
 * master's global place lists (docs/api.md section 11): ocean ports, airports and today's UTC offsets.
 * Any signed-in caller may read them; they hold nothing of a company's.
 */
import {
  airportAnswer,
  airportBulkAnswer,
  airportListAnswer,
  iataParams,
  locodeParams,
  oceanPortAnswer,
  oceanPortBulkAnswer,
  oceanPortListAnswer,
  placeListQuerySchema,
  timezoneUtcAnswer,
  type TimezoneUtc,
} from '../../../src/shared/contracts/places.ts';
import { notFound } from '../../http/api-error.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bulkAnswer, places, searchList, type BulkAnswer } from './places-index.ts';
import { referenceData } from './reference-data.ts';
import { isoDate } from '../../../src/shared/dates.ts';

/** The lists change with a release only: the browser may keep an answer for an hour. */
const CACHEABLE = 'private, max-age=3600';

/**
 * `+05:30` from `GMT+05:30` (Intl's long offset); `GMT` alone is UTC. Undefined for a name the runtime's
 * ICU does not know (`Factory`, a placeholder zone of the IANA data).
 */
function offsetOf(zone: string, at: Date): TimezoneUtc | undefined {
  let part: string | undefined;
  try {
    part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(part ?? '');
  if (!m) return { zone, utcOffset: '+00:00', offsetMinutes: 0 };
  const minutes = (Number(m[2]) * 60 + Number(m[3])) * (m[1] === '-' ? -1 : 1);
  return { zone, utcOffset: `${m[1]}${m[2]}:${m[3]}`, offsetMinutes: minutes };
}

let offsetsOfDay: { day: string; rows: TimezoneUtc[] } | undefined;

/** Every IANA zone with its offset today (UTC date), computed once a day. */
export function timezoneOffsets(now: Date): TimezoneUtc[] {
  const day = isoDate(now);
  if (offsetsOfDay?.day !== day) {
    // The zone names of /timezone (IANA, countries-and-timezones): Intl's own list uses ICU's older
    // canonical names (Asia/Calcutta for Asia/Kolkata).
    const rows = referenceData()
      .timezones.map((tz) => tz.name)
      .map((zone) => offsetOf(zone, now))
      .filter((z) => z !== undefined)
      .sort((a, b) => a.offsetMinutes - b.offsetMinutes || (a.zone < b.zone ? -1 : 1));
    offsetsOfDay = { day, rows };
  }
  return offsetsOfDay.rows;
}

/**
 * A prepared bulk answer: 304 when the caller holds this release already, else the gzip bytes where
 * accepted (a sixth of the JSON). Sent as bytes, so the response schema documents it without re-serialising
 * 17,000 rows per request.
 */
function sendBulk(req: FastifyRequest, reply: FastifyReply, bulk: BulkAnswer) {
  reply.header('etag', bulk.etag).header('cache-control', CACHEABLE).header('vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === bulk.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(bulk.gzip);
  }
  return reply.send(bulk.json);
}

export function registerPlaceRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/oceanport/bulk',
    {
      schema: {
        summary: 'Every active seaport at once, for the app’s offline search (ETag, gzip)',
        response: { 200: oceanPortBulkAnswer },
      },
    },
    async (req, reply) => sendBulk(req, reply, bulkAnswer((await places(deps.db)).oceanPorts)),
  );

  app.get(
    '/airport/bulk',
    {
      schema: {
        summary: 'Every active airport at once, for the app’s offline search (ETag, gzip)',
        response: { 200: airportBulkAnswer },
      },
    },
    async (req, reply) => sendBulk(req, reply, bulkAnswer((await places(deps.db)).airports)),
  );

  app.get(
    '/oceanport',
    {
      schema: {
        summary: 'UN/LOCODE seaports, searched and ranked (docs/api.md section 11)',
        querystring: placeListQuerySchema,
        response: { 200: oceanPortListAnswer },
      },
    },
    async (req, reply) => {
      const { page, limit } = req.query;
      const { data, total } = searchList((await places(deps.db)).oceanPorts, req.query);
      reply.header('cache-control', CACHEABLE);
      return { data, meta: { total, page, limit } };
    },
  );

  app.get(
    '/oceanport/:locode',
    { schema: { summary: 'One seaport by UN/LOCODE', params: locodeParams, response: { 200: oceanPortAnswer } } },
    async (req, reply) => {
      const port = (await places(deps.db)).oceanPorts.byCode.get(req.params.locode.toUpperCase());
      if (!port) throw notFound('Ocean port');
      reply.header('cache-control', CACHEABLE);
      return { data: port };
    },
  );

  app.get(
    '/airport',
    {
      schema: {
        summary: 'Airports with an IATA code, searched and ranked (docs/api.md section 11)',
        querystring: placeListQuerySchema,
        response: { 200: airportListAnswer },
      },
    },
    async (req, reply) => {
      const { page, limit } = req.query;
      const { data, total } = searchList((await places(deps.db)).airports, req.query);
      reply.header('cache-control', CACHEABLE);
      return { data, meta: { total, page, limit } };
    },
  );

  app.get(
    '/airport/:iata',
    { schema: { summary: 'One airport by IATA code', params: iataParams, response: { 200: airportAnswer } } },
    async (req, reply) => {
      const airport = (await places(deps.db)).airports.byCode.get(req.params.iata.toUpperCase());
      if (!airport) throw notFound('Airport');
      reply.header('cache-control', CACHEABLE);
      return { data: airport };
    },
  );

  app.get(
    '/timezone-utc',
    { schema: { summary: 'IANA time zones with their UTC offset today', response: { 200: timezoneUtcAnswer } } },
    async (_req, reply) => {
      // Offsets move at midnight and at DST changes: a shorter cache than the lists.
      reply.header('cache-control', 'private, max-age=600');
      return { data: timezoneOffsets(deps.now()) };
    },
  );
}
