/**
 * What the documents a shipment produces need before they can be drawn (docs/shipments.md, CONTRACT.md
 * section 14): the house bill of lading (sea) or house air waybill (air), and the arrival notice. Each
 * missing field is one `{ path, message }` of the `409 NOT_READY` answer, in the order a clerk fills the
 * shipment in; the screen says each in words (`src/features/shipments/paperwork-strings.ts`).
 */
import type { ErrorDetail } from '../api-envelope.ts';
import type { Shipment } from '../contracts/shipments.ts';
import { isSeaMode } from './codes.ts';

/** The fields a document can miss, as the `path` of a `NOT_READY` detail. */
export const PAPERWORK_FIELDS = [
  'mode',
  'houseBillNumber',
  'shipperId',
  'consigneeId',
  'origin',
  'destination',
  'eta',
  'vesselName',
  'voyage',
  'flightNumber',
  'containers',
  'cargo',
  'recipients',
] as const;
export type PaperworkField = (typeof PAPERWORK_FIELDS)[number];

export interface PaperworkGap extends ErrorDetail {
  path: PaperworkField;
}

type Needs = Pick<
  Shipment,
  | 'mode'
  | 'houseBillNumber'
  | 'shipperId'
  | 'consigneeId'
  | 'origin'
  | 'destination'
  | 'eta'
  | 'vesselName'
  | 'voyage'
  | 'flightNumber'
  | 'containers'
  | 'cargo'
>;

const blank = (value: string | null | undefined) => !value || !value.trim();

/** The transport a document names: the vessel and voyage (sea) or the flight (air). */
function transportGaps(s: Needs): PaperworkGap[] {
  const gaps: PaperworkGap[] = [];
  if (isSeaMode(s.mode)) {
    if (blank(s.vesselName)) gaps.push({ path: 'vesselName', message: 'is missing: the vessel' });
    if (blank(s.voyage)) gaps.push({ path: 'voyage', message: 'is missing: the voyage' });
  } else if (s.mode === 'air' && blank(s.flightNumber))
    gaps.push({ path: 'flightNumber', message: 'is missing: the flight' });
  return gaps;
}

/**
 * What the house bill misses: its number, the shipper and consignee, the ports, the transport, the
 * containers (full container load) and the cargo. A road shipment travels on a consignment note (CMR),
 * not a house bill. The notify party is optional: the bill then reads "same as consignee".
 */
export function houseBillGaps(s: Needs): PaperworkGap[] {
  if (s.mode === 'road')
    return [{ path: 'mode', message: 'a house bill is drawn for sea and air shipments, not road' }];
  const gaps: PaperworkGap[] = [];
  if (blank(s.houseBillNumber)) gaps.push({ path: 'houseBillNumber', message: 'is missing: the house bill number' });
  if (!s.shipperId) gaps.push({ path: 'shipperId', message: 'is missing: the shipper' });
  if (!s.consigneeId) gaps.push({ path: 'consigneeId', message: 'is missing: the consignee' });
  if (!s.origin) gaps.push({ path: 'origin', message: 'is missing: the port or airport of loading' });
  if (!s.destination) gaps.push({ path: 'destination', message: 'is missing: the port or airport of discharge' });
  gaps.push(...transportGaps(s));
  if (s.mode === 'sea-fcl' && s.containers.length === 0)
    gaps.push({ path: 'containers', message: 'is missing: at least one container' });
  if (s.cargo.length === 0) gaps.push({ path: 'cargo', message: 'is missing: at least one cargo line' });
  return gaps;
}

/** What the arrival notice misses: the consignee, where and when it arrives, and on what. */
export function arrivalNoticeGaps(s: Needs): PaperworkGap[] {
  const gaps: PaperworkGap[] = [];
  if (!s.consigneeId) gaps.push({ path: 'consigneeId', message: 'is missing: the consignee' });
  if (!s.destination) gaps.push({ path: 'destination', message: 'is missing: the port or airport of discharge' });
  if (!s.eta) gaps.push({ path: 'eta', message: 'is missing: the estimated arrival' });
  gaps.push(...transportGaps(s));
  return gaps;
}
