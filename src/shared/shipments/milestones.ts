/**
 * Milestones: a shipment's history as an append-only log of DCSA Track & Trace events. Each event has a
 * code (what happened), a classifier (`PLN` planned, `EST` estimated, `ACT` actual) and a time. Nothing is
 * ever edited: a correction is a new event whose `retracts` names the one it replaces, so two people
 * adding events offline never conflict. Pure rules, run by the service and the app alike.
 */
import { isSeaMode, type ShipmentMode } from './codes.ts';

/** Transport events: the vessel, aircraft or truck leaves or reaches a place. */
export const TRANSPORT_EVENT_CODES = ['DEPA', 'ARRI'] as const;
/** Equipment events: what happens to a container. */
export const EQUIPMENT_EVENT_CODES = ['GTIN', 'GTOT', 'STUF', 'STRP', 'LOAD', 'DISC', 'PICK', 'DROP'] as const;
/** Shipment events: what happens to the booking and the papers. */
export const SHIPMENT_EVENT_CODES = ['RECE', 'CONF', 'ISSU', 'RELS', 'HOLD', 'CANC'] as const;
export const MILESTONE_CODES = [...TRANSPORT_EVENT_CODES, ...EQUIPMENT_EVENT_CODES, ...SHIPMENT_EVENT_CODES] as const;
export type MilestoneCode = (typeof MILESTONE_CODES)[number];

export const EVENT_CLASSIFIERS = ['PLN', 'EST', 'ACT'] as const;
export type EventClassifier = (typeof EVENT_CLASSIFIERS)[number];

/** How far an actual event may lie ahead of the server's clock (a phone's clock runs a little fast). */
export const ACTUAL_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

export function isActualInFuture(event: { classifier: EventClassifier; at: string }, now: Date): boolean {
  return event.classifier === 'ACT' && Date.parse(event.at) > now.getTime() + ACTUAL_FUTURE_TOLERANCE_MS;
}

/** The statuses from which a shipment can no longer be cancelled: it has left (section 14). */
export const CANCEL_REFUSED_STATUSES = ['in-transit', 'arrived', 'delivered'] as const;

export interface MilestoneEvent {
  _id: string;
  code: string;
  classifier: EventClassifier;
  at: string;
  location: string | null;
  containerNumber: string | null;
  retracts: string | null;
}

/** The ids of the events that a later event retracts. */
export function retractedIds(events: readonly Pick<MilestoneEvent, 'retracts'>[]): Set<string> {
  return new Set(events.map((e) => e.retracts).filter((id): id is string => !!id));
}

/** The events that count: those no other event retracts. */
export function liveEvents<E extends MilestoneEvent>(events: readonly E[]): E[] {
  const retracted = retractedIds(events);
  return events.filter((e) => !retracted.has(e._id));
}

/**
 * A shipment is on hold while its latest live `HOLD` has no live `RELS` at or after it (a customs or
 * carrier hold, released by a release).
 */
export function isOnHold(events: readonly MilestoneEvent[]): boolean {
  const live = liveEvents(events);
  const lastHold = live
    .filter((e) => e.code === 'HOLD' && e.classifier === 'ACT')
    .sort(byTime)
    .at(-1);
  if (!lastHold) return false;
  return !live.some((e) => e.code === 'RELS' && e.classifier === 'ACT' && Date.parse(e.at) >= Date.parse(lastHold.at));
}

export const byTime = (a: { at: string }, b: { at: string }) => Date.parse(a.at) - Date.parse(b.at);

export interface RoutePlaces {
  mode: ShipmentMode;
  origin: string | null;
  destination: string | null;
  placeOfReceipt: string | null;
  placeOfDelivery: string | null;
}

export interface MilestoneStep {
  code: MilestoneCode;
  /** Where the step is expected to happen (a UN/LOCODE or IATA code), when the shipment says. */
  location: string | null;
  /** Whether the step happens to each container (an equipment event of a sea shipment). */
  perContainer: boolean;
}

/** The usual course of a job by its mode, in order: what "Add milestone" offers next. */
export function milestoneSteps(route: RoutePlaces): MilestoneStep[] {
  const { origin, destination } = route;
  const receipt = route.placeOfReceipt ?? origin;
  const delivery = route.placeOfDelivery ?? destination;
  const step = (code: MilestoneCode, location: string | null, perContainer = false): MilestoneStep => ({
    code,
    location,
    perContainer,
  });
  if (isSeaMode(route.mode)) {
    return [
      step('CONF', null),
      step('RECE', receipt),
      step('GTIN', origin, true),
      step('LOAD', origin, true),
      step('DEPA', origin),
      step('ARRI', destination),
      step('DISC', destination, true),
      step('RELS', destination),
      step('GTOT', destination, true),
      step('DROP', delivery, true),
    ];
  }
  if (route.mode === 'air') {
    return [
      step('CONF', null),
      step('RECE', receipt),
      step('DEPA', origin),
      step('ARRI', destination),
      step('RELS', destination),
      step('DROP', delivery),
    ];
  }
  return [
    step('CONF', null),
    step('PICK', receipt),
    step('DEPA', origin),
    step('ARRI', destination),
    step('DROP', delivery),
  ];
}

/**
 * What "Add milestone" offers first: the steps after the furthest one that already happened (a live
 * actual event, or a `CONF` of any classifier), at most `limit` of them.
 */
export function nextMilestones(route: RoutePlaces, events: readonly MilestoneEvent[], limit = 3): MilestoneStep[] {
  const steps = milestoneSteps(route);
  const live = liveEvents(events);
  const done = (s: MilestoneStep) =>
    live.some((e) => e.code === s.code && (e.classifier === 'ACT' || e.code === 'CONF'));
  let furthest = -1;
  steps.forEach((s, i) => {
    if (done(s)) furthest = i;
  });
  return steps.slice(furthest + 1, furthest + 1 + limit);
}
