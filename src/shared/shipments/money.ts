/**
 * Money on a job (issue 26), one implementation for the service and the app: amounts are decimal strings
 * (a JSON number would round `0.1 + 0.2`), the arithmetic is exact (big.js), and a figure is rounded to its
 * currency's minor units (ISO 4217, from the `currency-codes` list: 2 for EUR, 0 for JPY, 3 for KWD) only
 * once, at the end, half away from zero.
 *
 * The profit of a shipment: each line is quantity × unit price in its own currency, times the rate of its
 * currency in the company's base currency (1 for the base itself). Revenue and cost are the exact sums of
 * their lines, each rounded once to the base currency; the profit is revenue − cost of those two rounded
 * totals (so the three figures a user reads always add up), and the margin is profit ÷ revenue in per cent
 * to two decimals, or null when there is no revenue.
 */
import Big from 'big.js';
import currencyCodes from 'currency-codes';

/** The two sides of a job's money: what the customer is billed, and what vendors bill the forwarder. */
export const CHARGE_KINDS = ['revenue', 'cost'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** A unit price: not negative, at most 13 integer and 6 fractional digits (a per-kilo rate of 0.0125). */
export const UNIT_PRICE_PATTERN = /^\d{1,13}(\.\d{1,6})?$/;
/** A quantity: at most 9 integer and 4 fractional digits (2.5 CBM, 1234.567 kg); greater than zero. */
export const QUANTITY_PATTERN = /^\d{1,9}(\.\d{1,4})?$/;

/** Minor units used when a code is not in the ISO 4217 list (the service accepts listed codes only). */
const FALLBACK_MINOR_UNITS = 2;
/** Margins are shown in per cent with two decimals. */
const MARGIN_DECIMALS = 2;

/** The digits after the decimal point of `currency` (ISO 4217): 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorUnits(currency: string): number {
  return currencyCodes.code(currency.toUpperCase())?.digits ?? FALLBACK_MINOR_UNITS;
}

/** Whether `currency` is an ISO 4217 code of the shipped list. */
export function isIsoCurrency(currency: string): boolean {
  return currencyCodes.code(currency.toUpperCase()) !== undefined;
}

/** Whether `value` is a plain decimal string (`"12"`, `"12.50"`, `"-3.1"`), the only form money travels in. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
}

/** `value` as an exact decimal. */
export function decimal(value: Big | string): Big {
  return value instanceof Big ? value : new Big(value);
}

/** Rounds to `places` decimals, half away from zero, without a negative zero (`-0.001` → `"0.00"`). */
export function roundTo(value: Big | string, places: number): string {
  const rounded = decimal(value).round(places, Big.roundHalfUp);
  return (rounded.eq(0) ? new Big(0) : rounded).toFixed(places);
}

/** Rounds to the minor units of `currency`, half away from zero: `roundMoney("2.5", "JPY")` is `"3"`. */
export function roundMoney(value: Big | string, currency: string): string {
  return roundTo(value, minorUnits(currency));
}

/** A line's amount in its own currency, exact: quantity × unit price. */
export function lineAmount(quantity: Big | string, unitPrice: Big | string): Big {
  return decimal(quantity).times(decimal(unitPrice));
}

/** `amount` in the base currency, exact: amount × rate (units of the base for one unit of the line's currency). */
export function toBase(amount: Big | string, rate: Big | string): Big {
  return decimal(amount).times(decimal(rate));
}

/** One charge line as the profit needs it; `rate` is 1 for the base currency itself. */
export interface PricedLine {
  kind: ChargeKind;
  quantity: Big | string;
  unitPrice: Big | string;
  rate: Big | string;
}

/** A job's money in the base currency, as decimal strings rounded to its minor units. */
export interface ProfitFigures {
  currency: string;
  revenue: string;
  cost: string;
  profit: string;
  /** Profit ÷ revenue in per cent, two decimals (`"12.50"`); null when there is no revenue. */
  marginPercent: string | null;
}

/** The margin of rounded figures, in per cent with two decimals; null without revenue. */
export function marginPercent(revenue: Big | string, profit: Big | string): string | null {
  const r = decimal(revenue);
  if (r.eq(0)) return null;
  return roundTo(decimal(profit).times(100).div(r), MARGIN_DECIMALS);
}

/** Revenue, cost, profit and margin of `lines` in `baseCurrency`, rounded once at the end. */
export function profitOf(lines: Iterable<PricedLine>, baseCurrency: string): ProfitFigures {
  let revenue = new Big(0);
  let cost = new Big(0);
  for (const line of lines) {
    const base = toBase(lineAmount(line.quantity, line.unitPrice), line.rate);
    if (line.kind === 'revenue') revenue = revenue.plus(base);
    else cost = cost.plus(base);
  }
  return figures(revenue, cost, baseCurrency);
}

/** The figures of exact revenue and cost totals (from SQL `numeric` sums, for example). */
export function figures(revenue: Big | string, cost: Big | string, baseCurrency: string): ProfitFigures {
  const roundedRevenue = roundMoney(revenue, baseCurrency);
  const roundedCost = roundMoney(cost, baseCurrency);
  const profit = roundMoney(decimal(roundedRevenue).minus(roundedCost), baseCurrency);
  return {
    currency: baseCurrency,
    revenue: roundedRevenue,
    cost: roundedCost,
    profit,
    marginPercent: marginPercent(roundedRevenue, profit),
  };
}

/** Whether a margin is a loss (at or below zero), which needs a reason to close the job. */
export function isLoss(figures: Pick<ProfitFigures, 'profit'>): boolean {
  return decimal(figures.profit).lte(0);
}
