/**
 * The code lists a shipment is written in. Each comes from a published standard:
 * - Incoterms 2020 (ICC): the 11 rules; FAS, FOB, CFR and CIF are for sea and inland waterway only.
 * - ISO 6346:1995 size and type codes: a length code, a height-and-width code and a type code
 *   (group letter and detail digit), for example `22G1` (20 ft, 8 ft 6 in, general purpose).
 * - DCSA event codes (Track & Trace 2): used by the milestones.
 */

export const SHIPMENT_MODES = ['sea-fcl', 'sea-lcl', 'air', 'road'] as const;
export type ShipmentMode = (typeof SHIPMENT_MODES)[number];
export const SEA_MODES: readonly ShipmentMode[] = ['sea-fcl', 'sea-lcl'];
export const isSeaMode = (mode: ShipmentMode) => mode === 'sea-fcl' || mode === 'sea-lcl';

export const SHIPMENT_DIRECTIONS = ['export', 'import', 'cross-trade', 'domestic'] as const;
export type ShipmentDirection = (typeof SHIPMENT_DIRECTIONS)[number];

export const SHIPMENT_STATUSES = [
  'draft',
  'booked',
  'in-transit',
  'arrived',
  'delivered',
  'closed',
  'cancelled',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** A shipment is open until it is closed or cancelled ("Prepare for offline" holds the open ones). */
export const OPEN_STATUSES = [
  'draft',
  'booked',
  'in-transit',
  'arrived',
  'delivered',
] as const satisfies readonly ShipmentStatus[];

export const FREIGHT_PAYMENTS = ['prepaid', 'collect'] as const;

/** Incoterms 2020, in the ICC's order: the seven for any mode, then the four for sea only. */
export const INCOTERMS_2020 = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
export type Incoterm = (typeof INCOTERMS_2020)[number];
export const SEA_ONLY_INCOTERMS: readonly Incoterm[] = ['FAS', 'FOB', 'CFR', 'CIF'];
export const INCOTERM_NAMES: Readonly<Record<Incoterm, string>> = {
  EXW: 'Ex Works',
  FCA: 'Free Carrier',
  CPT: 'Carriage Paid To',
  CIP: 'Carriage and Insurance Paid To',
  DAP: 'Delivered at Place',
  DPU: 'Delivered at Place Unloaded',
  DDP: 'Delivered Duty Paid',
  FAS: 'Free Alongside Ship',
  FOB: 'Free on Board',
  CFR: 'Cost and Freight',
  CIF: 'Cost, Insurance and Freight',
};

/** ISO 6346 length codes (first character of a size code). */
const LENGTH_CODES = '1234ABCDEFGHKLMNP';
/** ISO 6346 height and width codes (second character). */
const HEIGHT_WIDTH_CODES = '024568CDEFLMNP';
/** ISO 6346 type codes (group letter and detail digit) that the standard defines. */
const TYPE_CODES = new Set([
  ...['G0', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9'],
  ...['V0', 'V2', 'V4'],
  ...['B0', 'B1', 'B3', 'B4', 'B5', 'B6'],
  ...['S0', 'S1', 'S2'],
  ...['R0', 'R1', 'R2', 'R3'],
  ...['H0', 'H1', 'H2', 'H5', 'H6'],
  ...['U0', 'U1', 'U2', 'U3', 'U4', 'U5'],
  ...['P0', 'P1', 'P2', 'P3', 'P4', 'P5'],
  ...['T0', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9'],
  ...['K0', 'K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'K8', 'K9'],
  ...['N0', 'N1', 'N2'],
  'A0',
]);

export function isIso6346SizeType(code: string): boolean {
  return (
    code.length === 4 &&
    LENGTH_CODES.includes(code[0]!) &&
    HEIGHT_WIDTH_CODES.includes(code[1]!) &&
    TYPE_CODES.has(code.slice(2))
  );
}

/** The size-type codes a forwarder books most, with their names, for the container picker. */
export const COMMON_SIZE_TYPES: ReadonlyArray<{ code: string; name: string }> = [
  { code: '22G1', name: "20' general purpose" },
  { code: '42G1', name: "40' general purpose" },
  { code: '45G1', name: "40' high cube" },
  { code: 'L5G1', name: "45' high cube" },
  { code: '22R1', name: "20' reefer" },
  { code: '45R1', name: "40' high cube reefer" },
  { code: '22U1', name: "20' open top" },
  { code: '42U1', name: "40' open top" },
  { code: '22P1', name: "20' flat rack" },
  { code: '42P1', name: "40' flat rack" },
  { code: '22T1', name: "20' tank" },
  { code: '22V0', name: "20' ventilated" },
];
