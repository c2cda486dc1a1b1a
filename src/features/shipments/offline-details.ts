/**
 * "Prepare for offline", the second half for shipments: besides the open shipments themselves (api.ts,
 * `keepOpenShipments`), the sections of the ones a field user most likely opens next — their milestones,
 * their documents list (the files' names and types, not the files) and, when the role may read them, their
 * charges and profit — fetched into the query cache under the keys and with the calls the shipment screen
 * uses, so those sections show their data offline too.
 *
 * Bounded: each shipment costs 2 to 4 calls, so the 2,000 open shipments kept would be up to 8,000. Field
 * users (a driver, the warehouse, the port) work the jobs moving now: about to leave or arrive, or just did
 * (a milestone to record, a delivery to prove). So the 50 open shipments whose ETD or ETA lies nearest to
 * today get them: at most 200 calls (and the charge codes once), 4 at a time (a few seconds next to the other lists' calls), and a few
 * hundred kB in the persisted copy (session storage, about 5 MB). Ties go to the shipment changed last.
 */
import type { QueryClient } from '@tanstack/react-query';
import { todayInUserZone } from '../../lib/i18n/format';
import type { Shipment } from '../../shared/contracts/shipments';
import { chargesQueryOptions, profitQueryOptions, shipmentPicklistsQueryOptions } from './charges-api';
import { shipmentDocumentsQueryOptions } from './documents-api';
import { shipmentEventsQueryOptions } from './events-api';

/** How many open shipments get their milestones, documents and charges kept. */
export const OFFLINE_DETAILS_MAX = 50;
/** How many of those calls run at once. */
export const OFFLINE_DETAILS_CONCURRENCY = 4;

const DAY_MS = 86_400_000;

/** Days between `day` (an ISO date, or a date-time read by its date) and `today`; Infinity without one. */
function daysFrom(day: string | null | undefined, today: number): number {
  if (!day) return Infinity;
  const at = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at) ? Infinity : Math.abs(at - today) / DAY_MS;
}

const compareDesc = (x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0);

/**
 * The `max` shipments whose ETD or ETA (the nearer of the two) lies nearest to `today` (`YYYY-MM-DD`), past
 * or future; those with neither come last. Ties: the one changed last first.
 */
export function shipmentsLikelyOpened(
  shipments: readonly Shipment[],
  today: string,
  max: number = OFFLINE_DETAILS_MAX,
): Shipment[] {
  const start = Date.parse(`${today}T00:00:00Z`);
  return (
    shipments
      .map((shipment) => ({ shipment, days: Math.min(daysFrom(shipment.etd, start), daysFrom(shipment.eta, start)) }))
      // Two shipments without dates are NaN apart: the tie-break decides.
      .sort((a, b) => a.days - b.days || compareDesc(a.shipment.updatedAt, b.shipment.updatedAt))
      .slice(0, max)
      .map(({ shipment }) => shipment)
  );
}

/** Runs `tasks`, `limit` at a time; each settles on its own. */
async function settleAll(tasks: readonly (() => Promise<unknown>)[], limit: number): Promise<unknown[]> {
  const errors: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return errors;
}

/**
 * Fetches the milestones, documents and (with `charges`) the charges, profit and charge codes of the
 * shipments likely opened. One call that fails (a shipment just closed, a profit without a rate) leaves
 * that section as it was and the rest goes on; it rejects only when every call failed (no connection),
 * so the preparation counts the step as failed. Resolves with how many calls were kept and failed.
 */
export async function keepShipmentDetails(
  client: QueryClient,
  shipments: readonly Shipment[],
  { charges, today = todayInUserZone() }: { charges: boolean; today?: string },
): Promise<{ kept: number; failed: number }> {
  const tasks: (() => Promise<unknown>)[] = [];
  if (charges) tasks.push(() => client.fetchQuery(shipmentPicklistsQueryOptions));
  for (const { _id } of shipmentsLikelyOpened(shipments, today)) {
    tasks.push(
      () => client.fetchQuery(shipmentEventsQueryOptions(_id)),
      () => client.fetchQuery(shipmentDocumentsQueryOptions(_id)),
    );
    if (charges)
      tasks.push(
        () => client.fetchQuery(chargesQueryOptions(_id)),
        () => client.fetchQuery(profitQueryOptions(_id)),
      );
  }
  const errors = await settleAll(tasks, OFFLINE_DETAILS_CONCURRENCY);
  const result = { kept: tasks.length - errors.length, failed: errors.length };
  if (errors.length > 0 && result.kept === 0) throw errors[0];
  if (errors.length > 0)
    console.warn(
      `Prepare for offline: ${errors.length} of ${tasks.length} shipment sections could not be loaded.`,
      errors[0],
    );
  return result;
}
