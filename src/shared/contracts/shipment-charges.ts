/**
 * Money on a job (issue 26, CONTRACT section 14): `/shipments/{id}/charges`, a kit resource nested under the
 * shipment, `GET /shipments/{id}/profit` and `GET /shipments/closed-this-month`. Every route needs the
 * permission `shipments.charges` (Admin by default, Operations not).
 *
 * Amounts travel as decimal strings (`"1250.00"`) and are stored as SQL `numeric`; a JSON number is refused
 * (400 naming the field), since it may already have been rounded on its way. The arithmetic and the
 * rounding rules are `src/shared/shipments/money.ts`, used by the service and the app alike.
 */
import { z } from 'zod';
import type { ErrorDetail } from '../api-envelope.ts';
import { CHARGE_KINDS, QUANTITY_PATTERN, UNIT_PRICE_PATTERN } from '../shipments/money.ts';
import { currencyCode } from './master-data.ts';
import { listAnswer, listQuerySchema, versionInput } from './resource-contract.ts';

export { CHARGE_KINDS, type ChargeKind } from '../shipments/money.ts';

/** The picklist of charge codes (`FRT`, `THC`, `DOC`, `CUS`, `TRK`, `INS`, …), seeded for every company. */
export const CHARGE_CODE_PICKLIST = { module: 'shipments', group: 'charge-codes' } as const;
/** The picklist of the reasons a job closes at a loss. */
export const LOSS_REASON_PICKLIST = { module: 'shipments', group: 'loss-reasons' } as const;

/** The error codes of this contract (all in ERROR_CODES of api-envelope.ts). */
export const CHARGE_ERROR_CODES = {
  /** 409: a line's currency has no rate valid on the shipment's ETD; `details` name the currency and date. */
  NO_RATE: 'NO_RATE',
  /** 409: closing a job without a revenue line. */
  NO_REVENUE: 'NO_REVENUE',
  /** 409: closing a job whose margin is at or below zero without `lossReason`; `details` name `lossReason`. */
  LOSS_REASON_REQUIRED: 'LOSS_REASON_REQUIRED',
  /** 409: a change of the charges of a closed job (reopen it first). */
  SHIPMENT_CLOSED: 'SHIPMENT_CLOSED',
} as const;

const itemBase = {
  _id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A decimal string; a number (or anything else) is refused with words that say why. */
function decimalString(pattern: RegExp, message: string) {
  return z
    .string({ error: `${message}, as a string such as "12.50" (a number may already have lost cents)` })
    .trim()
    .regex(pattern, message);
}

export const quantityInput = decimalString(QUANTITY_PATTERN, 'a quantity with at most 4 decimals').refine(
  (s) => /[1-9]/.test(s),
  'must be greater than zero',
);
export const unitPriceInput = decimalString(UNIT_PRICE_PATTERN, 'a price of zero or more with at most 6 decimals');
/** An option's value of a picklist (`FRT`, `rate-war`). */
const optionValue = z.string().trim().min(1, 'choose an option').max(80);

// ---------- /shipments/{id}/charges ----------

export const CHARGE_SORT_FIELDS = ['createdAt', 'kind', 'chargeCode', 'currency', 'updatedAt'] as const;

export const chargeSchema = z.object({
  ...itemBase,
  shipmentId: z.string(),
  kind: z.enum(CHARGE_KINDS),
  /** An option of CHARGE_CODE_PICKLIST. */
  chargeCode: z.string(),
  description: z.string(),
  /** Decimal strings as stored (`"2"`, `"1250.00"`). */
  quantity: z.string(),
  unitPrice: z.string(),
  /** ISO 4217: the company's base currency or one of its company currencies. */
  currency: z.string(),
  /** quantity × unitPrice in `currency`, rounded to its minor units (read only). */
  amount: z.string(),
  /** Revenue: who is billed; cost: the vendor. A contact of the company. */
  partyId: z.string().nullable(),
  /** The party's name as the contact has it now (read only). */
  partyName: z.string().nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;

const chargeFields = {
  kind: z.enum(CHARGE_KINDS, 'revenue or cost'),
  chargeCode: optionValue,
  description: z.string().trim().max(200, 'at most 200 characters'),
  quantity: quantityInput,
  unitPrice: unitPriceInput,
  currency: currencyCode,
  partyId: z.uuid('a contact of this company').nullable(),
};

/** `POST /shipments/{id}/charges`; `_id` may be made by the client (a UUID), so that offline work lands once. */
export const createChargeBody = z.strictObject({
  _id: z.uuid().optional(),
  ...chargeFields,
  description: chargeFields.description.default(''),
  quantity: chargeFields.quantity.default('1'),
  partyId: chargeFields.partyId.default(null),
});
export type CreateChargeInput = z.input<typeof createChargeBody>;
export type CreateChargeValues = z.output<typeof createChargeBody>;

/** `PATCH /shipments/{id}/charges/{chargeId}`: the fields to change. */
export const updateChargeBody = z.strictObject({
  version: versionInput.optional(),
  kind: chargeFields.kind.optional(),
  chargeCode: chargeFields.chargeCode.optional(),
  description: chargeFields.description.optional(),
  quantity: chargeFields.quantity.optional(),
  unitPrice: chargeFields.unitPrice.optional(),
  currency: chargeFields.currency.optional(),
  partyId: chargeFields.partyId.optional(),
});
export type UpdateChargeInput = z.input<typeof updateChargeBody>;

export const chargeListQuery = listQuerySchema(CHARGE_SORT_FIELDS).extend({
  kind: z.enum(CHARGE_KINDS).optional(),
});
export const chargeListAnswer = listAnswer(chargeSchema);

// ---------- GET /shipments/{id}/profit ----------

/** A line of the profit: its amount in its currency and in the base currency, each rounded to its own. */
export const profitLineSchema = z.object({
  _id: z.string(),
  kind: z.enum(CHARGE_KINDS),
  currency: z.string(),
  amount: z.string(),
  /** Units of the base currency for one unit of `currency` (`"1"` for the base itself). */
  rate: z.string(),
  baseAmount: z.string(),
});
export type ProfitLine = z.infer<typeof profitLineSchema>;

/** A rate the profit used: the latest of its currency whose `validFrom` is on or before `rateDate`. */
export const profitRateSchema = z.object({ currency: z.string(), rate: z.string(), validFrom: z.string() });

export const shipmentProfitSchema = z.object({
  /** The company's base currency; every figure below is in it. */
  currency: z.string(),
  revenue: z.string(),
  cost: z.string(),
  /** revenue − cost. */
  profit: z.string(),
  /** profit ÷ revenue in per cent, two decimals; null without revenue. */
  marginPercent: z.string().nullable(),
  /** The day whose rates were used: the shipment's ETD, or today when it has none. */
  rateDate: z.string(),
  rates: z.array(profitRateSchema),
  lines: z.array(profitLineSchema),
});
export type ShipmentProfit = z.infer<typeof shipmentProfitSchema>;

/** One `details` entry of `409 NO_RATE`: `{ path: "currency", message: "USD has no rate valid on 2026-03-02" }`. */
export function noRateDetail(currency: string, date: string): ErrorDetail {
  return { path: 'currency', message: `${currency} has no rate valid on ${date}` };
}

const NO_RATE_MESSAGE = /^([A-Z]{3}) has no rate valid on (\d{4}-\d{2}-\d{2})$/;

/** The currencies and date a `409 NO_RATE` names (the screen links each to the currency screen). */
export function readNoRateDetails(details: readonly ErrorDetail[] | undefined): { currency: string; date: string }[] {
  const out: { currency: string; date: string }[] = [];
  for (const detail of details ?? []) {
    const match = detail.path === 'currency' ? NO_RATE_MESSAGE.exec(detail.message) : null;
    if (match) out.push({ currency: match[1]!, date: match[2]! });
  }
  return out;
}

// ---------- closing (PATCH /shipments/{id} { closed: true, lossReason? }) ----------

/** The reason a job closes at a loss: an option of LOSS_REASON_PICKLIST (sent with `closed: true`). */
export const lossReasonInput = optionValue;

// ---------- GET /shipments/closed-this-month (the dashboard) ----------

/** `month` is `YYYY-MM`; without it, the current month in the company's time zone. */
export const closedThisMonthQuery = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month such as 2026-03')
    .optional(),
});
export type ClosedThisMonthQuery = z.input<typeof closedThisMonthQuery>;

export const closedThisMonthSchema = z.object({
  month: z.string(),
  /** The jobs closed in the month. */
  closedJobs: z.number().int(),
  /** The company's base currency. */
  currency: z.string(),
  /** The sum of those jobs' profits (each rounded as its own profit is). */
  profit: z.string(),
});
export type ClosedThisMonth = z.infer<typeof closedThisMonthSchema>;
