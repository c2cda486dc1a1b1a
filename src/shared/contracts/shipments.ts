/**
 * shipmentserver (docs/shipments.md): `/shipments`, a forwarder's job, a resource of docs/api.md section 7
 * whose number the service assigns, with its containers and cargo lines as child collections. Codes follow
 * published standards: ISO 6346 (containers), IATA (air waybills, airports, flight designators), the IMO
 * number, Incoterms 2020, UN/LOCODE and UN/ECE Recommendation 21 (package types).
 *
 * Every rule names the field it is about (`containers.1.number`, `cargo.0.dangerousGoods.unNumber`) and says
 * in a forwarder's words what is wrong ("check digit should be 6"). The single-field rules are here; the
 * rules that join fields are `shipmentRuleIssues` (src/shared/shipments/rules.ts), run by both sides.
 */
import { z } from 'zod';
import { imoCheckDigit, iso6346CheckDigit, normalizeContainerNumber } from '../shipments/check-digits.ts';
import {
  FREIGHT_PAYMENTS,
  INCOTERMS_2020,
  isIso6346SizeType,
  SHIPMENT_DIRECTIONS,
  SHIPMENT_MODES,
  OPEN_STATUSES,
  SHIPMENT_STATUSES,
} from '../shipments/codes.ts';
import { isPackageTypeCode } from '../shipments/package-types.ts';
import { shipmentRuleIssues } from '../shipments/rules.ts';
import { listQuerySchema, versionInput } from './resource-contract.ts';

const itemBase = {
  _id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

// ---------- single fields ----------

const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ]\d{7}$/;
/** ISO 6346, typed as painted on the box (`msku 601167-2`), kept as `MSKU6011672`. */
export const containerNumber = z
  .string()
  .max(20)
  .transform(normalizeContainerNumber)
  .superRefine((value, ctx) => {
    if (!CONTAINER_NUMBER.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'a container number: owner code, U, J or Z, six digits and the check digit (MSKU6011672)',
      });
      return;
    }
    const expected = iso6346CheckDigit(value.slice(0, 10));
    if (Number(value[10]) !== expected) ctx.addIssue({ code: 'custom', message: `check digit should be ${expected}` });
  });

export const sizeTypeCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isIso6346SizeType, 'an ISO 6346 size-type code such as 22G1, 42G1 or 45R1');

export const packageTypeCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isPackageTypeCode, 'a UN/ECE Recommendation 21 package code such as CT (carton) or PX (pallet)');

/** HS codes: 6 to 10 digits; dots and spaces as printed in a tariff are dropped. */
export const hsCode = z
  .string()
  .transform((s) => s.replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^\d{6,10}$/, 'an HS code of 6 to 10 digits'));

/** UN numbers: four digits, with or without the `UN` in front. */
export const unNumber = z
  .string()
  .trim()
  .toUpperCase()
  .transform((s) => s.replace(/^UN\s*/, ''))
  .pipe(z.string().regex(/^\d{4}$/, 'a UN number of four digits, such as 1203'));

/** The nine classes of dangerous goods, with the divisions the UN Model Regulations define. */
export const DANGEROUS_GOODS_CLASSES = [
  ...['1.1', '1.2', '1.3', '1.4', '1.5', '1.6'],
  ...['2.1', '2.2', '2.3'],
  '3',
  ...['4.1', '4.2', '4.3'],
  ...['5.1', '5.2'],
  ...['6.1', '6.2'],
  '7',
  '8',
  '9',
] as const;
export const PACKING_GROUPS = ['I', 'II', 'III'] as const;

/** IMO ship numbers: seven digits, the last a check digit (the `IMO` in front is dropped). */
export const imoNumber = z
  .string()
  .trim()
  .toUpperCase()
  .transform((s) => s.replace(/^IMO\s*/, ''))
  .superRefine((value, ctx) => {
    if (!/^\d{7}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'an IMO number of seven digits, such as 9074729' });
      return;
    }
    const expected = imoCheckDigit(value.slice(0, 6));
    if (Number(value[6]) !== expected) ctx.addIssue({ code: 'custom', message: `check digit should be ${expected}` });
  });

/** IATA flight designators: the airline's two characters, one to four digits, an optional suffix letter. */
export const flightNumber = z
  .string()
  .trim()
  .toUpperCase()
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(z.string().regex(/^([A-Z]{2}|[A-Z]\d|\d[A-Z])\d{1,4}[A-Z]?$/, 'a flight designator such as KL1234'));

/** A UN/LOCODE or an IATA airport code, upper case; which one a field takes depends on the mode. */
const placeCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,5}$/, 'a UN/LOCODE such as NLRTM, or an IATA airport code such as AMS');
const locode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'a UN/LOCODE such as NLRTM');
const isoDate = z.iso.date('a date such as 2026-03-31');
const text = (max: number) => z.string().trim().max(max);

// ---------- child rows ----------

export const containerSchema = z.object({
  number: z.string(),
  sizeType: z.string(),
  seals: z.array(z.string()),
  grossWeightKg: z.number().nullable(),
});
export type ShipmentContainer = z.infer<typeof containerSchema>;

export const containerInput = z.strictObject({
  number: containerNumber,
  sizeType: sizeTypeCode,
  seals: z.array(text(30).min(1)).max(10).default([]),
  grossWeightKg: z.number().positive().max(100_000).nullable().default(null),
});

export const dangerousGoodsSchema = z.object({
  unNumber: z.string(),
  class: z.string(),
  packingGroup: z.enum(PACKING_GROUPS),
});
export const cargoLineSchema = z.object({
  description: z.string(),
  packages: z.number().int(),
  packageType: z.string(),
  grossWeightKg: z.number(),
  volumeM3: z.number(),
  hsCode: z.string().nullable(),
  containerNumber: z.string().nullable(),
  dangerousGoods: dangerousGoodsSchema.nullable(),
});
export type ShipmentCargoLine = z.infer<typeof cargoLineSchema>;

export const cargoLineInput = z.strictObject({
  description: text(500).min(1),
  packages: z.number().int().min(1, 'at least 1').max(1_000_000),
  packageType: packageTypeCode,
  grossWeightKg: z.number().positive('must be more than 0 kg').max(10_000_000),
  volumeM3: z.number().min(0, 'cannot be negative').max(100_000).default(0),
  hsCode: z
    .union([z.literal(''), hsCode])
    .nullable()
    .default(null)
    .transform((v) => v || null),
  containerNumber: z
    .union([z.literal(''), containerNumber])
    .nullable()
    .default(null)
    .transform((v) => v || null),
  dangerousGoods: z
    .strictObject({
      unNumber,
      class: z.enum(DANGEROUS_GOODS_CLASSES, 'a class from 1 to 9 with its division, such as 3 or 2.1'),
      packingGroup: z.enum(PACKING_GROUPS, 'packing group I, II or III'),
    })
    .nullable()
    .default(null),
});

// ---------- the shipment ----------

export const shipmentTotalsSchema = z.object({
  packages: z.number().int(),
  grossWeightKg: z.number(),
  volumeM3: z.number(),
  chargeableWeightKg: z.number().nullable(),
});

export const shipmentSchema = z.object({
  ...itemBase,
  /** `SEA-2026-00001`: assigned when the shipment is first stored, never changed. */
  number: z.string(),
  mode: z.enum(SHIPMENT_MODES),
  direction: z.enum(SHIPMENT_DIRECTIONS),
  status: z.enum(SHIPMENT_STATUSES),
  closed: z.boolean(),
  /** When the job was last closed, and the reason it closed at a loss (an option of `loss-reasons`). */
  // Optional in the schema only so that records kept offline before these fields existed still parse.
  closedAt: z.string().nullish(),
  lossReason: z.string().nullish(),
  customerId: z.string(),
  /** The customer's name as the contact has it now (read only, for lists). */
  customerName: z.string(),
  shipperId: z.string().nullable(),
  consigneeId: z.string().nullable(),
  notifyPartyId: z.string().nullable(),
  agentId: z.string().nullable(),
  carrierId: z.string().nullable(),
  incoterm: z.enum(INCOTERMS_2020).nullable(),
  incotermPlace: z.string(),
  freightPayment: z.enum(FREIGHT_PAYMENTS).nullable(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  placeOfReceipt: z.string().nullable(),
  placeOfDelivery: z.string().nullable(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  carrierBookingReference: z.string(),
  masterBillNumber: z.string(),
  houseBillNumber: z.string(),
  vesselName: z.string(),
  vesselImo: z.string(),
  voyage: z.string(),
  flightNumber: z.string(),
  containers: z.array(containerSchema),
  cargo: z.array(cargoLineSchema),
  totals: shipmentTotalsSchema,
});
export type Shipment = z.infer<typeof shipmentSchema>;

const partyId = z.uuid('a contact of this company').nullable();

/** The writable fields, without defaults: what an update may name. */
const fieldSchemas = {
  mode: z.enum(SHIPMENT_MODES, 'sea-fcl, sea-lcl, air or road'),
  direction: z.enum(SHIPMENT_DIRECTIONS, 'export, import, cross-trade or domestic'),
  customerId: z.uuid('a contact of this company'),
  shipperId: partyId,
  consigneeId: partyId,
  notifyPartyId: partyId,
  agentId: partyId,
  carrierId: partyId,
  incoterm: z.enum(INCOTERMS_2020, 'one of the 11 Incoterms 2020 rules, such as FOB or DAP').nullable(),
  incotermPlace: text(120),
  freightPayment: z.enum(FREIGHT_PAYMENTS, 'prepaid or collect').nullable(),
  origin: placeCode.nullable(),
  destination: placeCode.nullable(),
  placeOfReceipt: locode.nullable(),
  placeOfDelivery: locode.nullable(),
  etd: isoDate.nullable(),
  eta: isoDate.nullable(),
  carrierBookingReference: text(35),
  // The bill numbers' own limit depends on the mode (shipmentRuleIssues): 20 for sea, an air waybill for air.
  masterBillNumber: text(35).transform((s) => s.toUpperCase()),
  houseBillNumber: text(35).transform((s) => s.toUpperCase()),
  vesselName: text(100),
  vesselImo: z.union([z.literal(''), imoNumber]),
  voyage: text(20),
  flightNumber: z.union([z.literal(''), flightNumber]),
  containers: z.array(containerInput).max(200),
  cargo: z.array(cargoLineInput).max(500),
};

/** What a field is when a create leaves it out. */
export const SHIPMENT_DEFAULTS = {
  direction: 'export',
  shipperId: null,
  consigneeId: null,
  notifyPartyId: null,
  agentId: null,
  carrierId: null,
  incoterm: null,
  incotermPlace: '',
  freightPayment: null,
  origin: null,
  destination: null,
  placeOfReceipt: null,
  placeOfDelivery: null,
  etd: null,
  eta: null,
  carrierBookingReference: '',
  masterBillNumber: '',
  houseBillNumber: '',
  vesselName: '',
  vesselImo: '',
  voyage: '',
  flightNumber: '',
  containers: [],
  cargo: [],
} as const;

type FieldSchemas = typeof fieldSchemas;
type WithDefaults = {
  [K in keyof FieldSchemas]: K extends keyof typeof SHIPMENT_DEFAULTS ? z.ZodDefault<FieldSchemas[K]> : FieldSchemas[K];
};
/** The writable fields, each with its default: the body of a create, and what an update is merged into. */
export const shipmentFields = Object.fromEntries(
  Object.entries(fieldSchemas).map(([key, schema]) => [
    key,
    key in SHIPMENT_DEFAULTS
      ? (schema as z.ZodType).default(SHIPMENT_DEFAULTS[key as keyof typeof SHIPMENT_DEFAULTS] as never)
      : schema,
  ]),
) as WithDefaults;

function addRuleIssues(value: Parameters<typeof shipmentRuleIssues>[0], ctx: z.RefinementCtx) {
  for (const issue of shipmentRuleIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
}

/** The whole record's writable values, checked with every rule (an update is checked merged, like this). */
export const shipmentValuesSchema = z.strictObject(shipmentFields).superRefine(addRuleIssues);
export type ShipmentValues = z.output<typeof shipmentValuesSchema>;

/** `POST /shipments`: `_id` may be made by the client (a UUID), so that offline work can refer to it. */
export const createShipmentBody = z
  .strictObject({ _id: z.uuid().optional(), ...shipmentFields })
  .superRefine(addRuleIssues);
export type CreateShipmentInput = z.input<typeof createShipmentBody>;

type Optionalized<T extends Record<string, z.ZodType>> = { [K in keyof T]: z.ZodOptional<T[K]> };
const optionalFields = Object.fromEntries(
  Object.entries(fieldSchemas).map(([key, schema]) => [key, schema.optional()]),
) as Optionalized<FieldSchemas>;

/**
 * `PATCH /shipments/{id}`: the fields to change (`containers` and `cargo` are replaced whole), and
 * `closed: true` to close the job. The service merges the patch into the stored record and checks the result
 * with `shipmentValuesSchema`, so that a change of mode is checked against the bills and ports already there.
 */
export const updateShipmentBody = z.strictObject({
  version: versionInput.optional(),
  ...optionalFields,
  closed: z.boolean().optional(),
  /**
   * With `closed: true`: why a job closes with a margin at or below zero (an option of the picklist
   * `loss-reasons` of module `shipments`); required then (409 LOSS_REASON_REQUIRED), kept with the closing.
   */
  lossReason: z.string().trim().min(1, 'choose a reason').max(80).optional(),
});
export type UpdateShipmentInput = z.input<typeof updateShipmentBody>;

// ---------- the list ----------

export const SHIPMENT_SORT_FIELDS = [
  'number',
  'etd',
  'eta',
  'status',
  'customerName',
  'createdAt',
  'updatedAt',
] as const;

/** `GET /shipments`: the kit's list (page, limit, search, sort); the filters are `POST /shipments/paginate`'s. */
export const shipmentListQuery = listQuerySchema(SHIPMENT_SORT_FIELDS);

const oneOrMany = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.array(schema).min(1).max(10)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

export const shipmentFilters = z.strictObject({
  mode: oneOrMany(z.enum(SHIPMENT_MODES)).optional(),
  status: oneOrMany(z.enum(SHIPMENT_STATUSES)).optional(),
  direction: oneOrMany(z.enum(SHIPMENT_DIRECTIONS)).optional(),
  customerId: z.uuid().optional(),
  origin: placeCode.optional(),
  destination: placeCode.optional(),
  etdFrom: isoDate.optional(),
  etdTo: isoDate.optional(),
  etaFrom: isoDate.optional(),
  etaTo: isoDate.optional(),
});
export type ShipmentFilters = z.input<typeof shipmentFilters>;

/**
 * `POST /shipments/paginate`. `search` matches the number, any container number, the bill numbers, the
 * booking reference and the customer's name, ignoring case, accents, spaces and dashes.
 */
export const paginateShipmentsBody = z.strictObject({
  page: z.number().int().min(1).max(1_000_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  filters: shipmentFilters.default({}),
  sort: z.enum([...SHIPMENT_SORT_FIELDS, ...SHIPMENT_SORT_FIELDS.map((f) => `-${f}` as const)]).optional(),
});
export type PaginateShipmentsInput = z.input<typeof paginateShipmentsBody>;

// ---------- the dashboard's row ----------

/**
 * `GET /shipments/summary?from=&to=`: the open shipments by status, and how many depart (ETD) and arrive
 * (ETA) between `from` and `to` inclusive (the app sends the user's week, Monday to Sunday, in their zone),
 * not counting closed or cancelled ones. Each figure has a filtered list behind it.
 */
export const shipmentSummaryQuery = z.strictObject({ from: isoDate, to: isoDate });
export const shipmentSummarySchema = z.object({
  open: z.object(
    Object.fromEntries(OPEN_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof OPEN_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  departures: z.number().int(),
  arrivals: z.number().int(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;
