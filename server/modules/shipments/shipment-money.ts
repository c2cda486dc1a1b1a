/**
 * A job's money (issue 26, docs/shipments.md "Charges and profit"): the profit of a shipment in the
 * company's base currency and the rules a closing must pass. The arithmetic is `money.ts` (exact, rounded
 * once at the end); the rates come from `pricedCharges`, each the latest valid on the shipment's ETD (today
 * in the company's time zone without one). No SQL here: the repositories.
 */
import { ERROR_CODES, type ErrorDetail } from '../../../src/shared/api-envelope.ts';
import {
  LOSS_REASON_PICKLIST,
  noRateDetail,
  type ShipmentProfit,
} from '../../../src/shared/contracts/shipment-charges.ts';
import { isLoss, lineAmount, profitOf, roundMoney, toBase } from '../../../src/shared/shipments/money.ts';
import type { Queryable } from '../../db/database.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { activeOptions, moneyContext, pricedCharges, type PricedCharge } from './shipment-charge-repository.ts';

/** `409 NO_RATE`: every currency of the job without a rate valid on `date`, each named in `details`. */
export function noRate(currencies: readonly string[], date: string): ApiError {
  const list = [...new Set(currencies)].sort();
  return new ApiError(
    409,
    ERROR_CODES.NO_RATE,
    `No exchange rate of ${list.join(', ')} is valid on ${date}: add one on the currency screen`,
    { details: list.map((c) => noRateDetail(c, date)) },
  );
}

/** The profit of priced lines, or `409 NO_RATE` naming each currency without a rate. */
export function profitOfLines(lines: readonly PricedCharge[], baseCurrency: string, rateDate: string): ShipmentProfit {
  const missing = lines.filter((l) => l.rate === null).map((l) => l.currency);
  if (missing.length > 0) throw noRate(missing, rateDate);
  const priced = lines as ReadonlyArray<PricedCharge & { rate: string; validFrom: string }>;
  const rates = new Map<string, { currency: string; rate: string; validFrom: string }>();
  for (const l of priced) rates.set(l.currency, { currency: l.currency, rate: l.rate, validFrom: l.validFrom });
  return {
    ...profitOf(priced, baseCurrency),
    rateDate,
    rates: [...rates.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    lines: priced.map((l) => {
      const amount = lineAmount(l.quantity, l.unitPrice);
      return {
        _id: l.id,
        kind: l.kind,
        currency: l.currency,
        amount: roundMoney(amount, l.currency),
        rate: l.rate,
        baseAmount: roundMoney(toBase(amount, l.rate), baseCurrency),
      };
    }),
  };
}

/**
 * `GET /shipments/{id}/profit`: 404 when the shipment is not the company's; `etd` overrides the stored one
 * (a closing that changes the ETD in the same request is priced on the new one).
 */
export async function shipmentProfit(
  tx: Queryable,
  shipmentId: string,
  now: Date,
  options: { etd?: string | null } = {},
): Promise<ShipmentProfit & { revenueLines: number }> {
  const context = await moneyContext(tx, shipmentId, now);
  if (!context) throw notFound('Shipment');
  const etd = options.etd === undefined ? context.etd : options.etd;
  const rateDate = etd ?? context.today;
  const lines = await pricedCharges(tx, shipmentId, context.baseCurrency, rateDate);
  return {
    ...profitOfLines(lines, context.baseCurrency, rateDate),
    revenueLines: lines.filter((l) => l.kind === 'revenue').length,
  };
}

const lossReasonDetail = (message: string): ErrorDetail => ({ path: 'body.lossReason', message });

/**
 * What closing a job needs (docs/shipments.md): at least one revenue line, a rate for every line on the
 * rate day, and, when the margin is at or below zero, a reason from the picklist `loss-reasons`. Answers
 * the reason to store (null when the job is not a loss); throws 409 NO_REVENUE, NO_RATE or
 * LOSS_REASON_REQUIRED, or 400 naming `lossReason` when it is not an active option.
 */
export async function checkClosing(
  tx: Queryable,
  shipmentId: string,
  now: Date,
  closing: { etd: string | null; lossReason: string | undefined },
): Promise<{ lossReason: string | null }> {
  if (closing.lossReason !== undefined) {
    const known = await activeOptions(tx, LOSS_REASON_PICKLIST, [closing.lossReason]);
    if (!known.has(closing.lossReason))
      throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
        details: [lossReasonDetail('is not one of the loss reasons of this company')],
      });
  }
  const context = await moneyContext(tx, shipmentId, now);
  if (!context) throw notFound('Shipment');
  const rateDate = closing.etd ?? context.today;
  const lines = await pricedCharges(tx, shipmentId, context.baseCurrency, rateDate);
  if (!lines.some((l) => l.kind === 'revenue'))
    throw new ApiError(
      409,
      ERROR_CODES.NO_REVENUE,
      'A job closes once it has a revenue line: add what the customer is billed',
    );
  const figures = profitOfLines(lines, context.baseCurrency, rateDate);
  if (!isLoss(figures)) return { lossReason: null };
  if (closing.lossReason === undefined)
    throw new ApiError(
      409,
      ERROR_CODES.LOSS_REASON_REQUIRED,
      'This job closes with a margin at or below zero: choose a loss reason',
      { details: [lossReasonDetail('a loss reason is needed to close at a loss')] },
    );
  return { lossReason: closing.lossReason };
}
