/**
 * The timeline's rows, pure: one row per step of the route (a code at a place) and per container, with the
 * latest planned, estimated and actual event of that step side by side. Retracted events leave the rows
 * (they stay in the log, struck through); the last recorded event of a classifier wins.
 */
import type { ShipmentEvent } from '../../shared/contracts/shipment-events';
import { liveEvents, milestoneSteps, type EventClassifier, type RoutePlaces } from '../../shared/shipments/milestones';

export interface TimelineRow {
  key: string;
  code: ShipmentEvent['code'];
  location: string | null;
  cells: Partial<Record<EventClassifier, ShipmentEvent>>;
}

export interface TimelineGroup {
  /** `null`: the shipment's own route and papers; else a container number. */
  containerNumber: string | null;
  rows: TimelineRow[];
}

export function timelineGroups(route: RoutePlaces, events: readonly ShipmentEvent[]): TimelineGroup[] {
  const order = milestoneSteps(route).map((s) => s.code as string);
  const rank = (code: string) => {
    const i = order.indexOf(code);
    return i === -1 ? order.length : i;
  };
  const groups = new Map<string | null, Map<string, TimelineRow>>();
  const recorded = [...liveEvents(events)].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  for (const event of recorded) {
    const group = groups.get(event.containerNumber) ?? new Map<string, TimelineRow>();
    groups.set(event.containerNumber, group);
    const key = `${event.code}|${event.location ?? ''}`;
    const row = group.get(key) ?? { key, code: event.code, location: event.location, cells: {} };
    row.cells[event.classifier] = event;
    group.set(key, row);
  }
  const when = (row: TimelineRow) => Date.parse((row.cells.ACT ?? row.cells.EST ?? row.cells.PLN)!.at);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)))
    .map(([containerNumber, rows]) => ({
      containerNumber,
      rows: [...rows.values()].sort((a, b) => rank(a.code) - rank(b.code) || when(a) - when(b)),
    }));
}
