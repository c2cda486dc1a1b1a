/**
 * The charges section's figures while the user types (issue 26): each line's amount in its currency and in
 * the company's base currency, and the job's revenue, cost, profit and margin. The arithmetic and rounding
 * are the service's own (src/shared/shipments/money.ts, big.js: exact decimals, rounded once at the end to the
 * currency's minor units), so what the screen shows while typing is what `GET /profit` answers once saved.
 */
import {
  lineAmount,
  profitOf,
  roundMoney,
  toBase,
  type ChargeKind,
  type ProfitFigures,
} from '../../shared/shipments/money';

/** A charge line as the screen holds it: stored, queued, or being typed (its numbers as typed). */
export interface TypedLine {
  _id: string;
  kind: ChargeKind;
  quantity: string;
  unitPrice: string;
  currency: string;
}

/** What the screen shows beside one line. */
export interface LineFigures {
  /** quantity × unit price in the line's currency, rounded to its minor units; null while not a number. */
  amount: string | null;
  /** The amount in the base currency, rounded to its minor units; null without a number or a rate. */
  baseAmount: string | null;
  /** The line's currency has no rate known for the day (see `RateLookup`). */
  needsRate: boolean;
}

export interface ChargeFigures {
  lines: ReadonlyMap<string, LineFigures>;
  /** The job's figures; null while a line's currency has no rate (the total would be wrong). */
  totals: ProfitFigures | null;
  /** Currencies of lines that have no rate for the day, each once, in the order of the lines. */
  missingRates: string[];
}

/** A currency's rate in the base currency for the day of the job, or null when it has none. */
export type RateLookup = (currency: string) => string | null;

/**
 * A number as typed (`"12"`, `"12.5"`, `"12,5"`, `"12."`, `".5"`) as a plain decimal string, or null when it is
 * not one yet. A decimal comma is read as the point (Spanish keyboards); the service takes the point only.
 */
export function typedDecimal(typed: string): string | null {
  let text = typed.trim().replace(',', '.');
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (text.startsWith('.')) text = `0${text}`;
  return /^\d+(\.\d+)?$/.test(text) ? text : null;
}

/** The figures of `lines` in `baseCurrency`; the base currency's own rate is 1 whatever `rateOf` says. */
export function chargeFigures(lines: readonly TypedLine[], baseCurrency: string, rateOf: RateLookup): ChargeFigures {
  const figures = new Map<string, LineFigures>();
  const missing: string[] = [];
  const priced: { kind: ChargeKind; quantity: string; unitPrice: string; rate: string }[] = [];
  for (const line of lines) {
    const quantity = typedDecimal(line.quantity);
    const unitPrice = typedDecimal(line.unitPrice);
    const rate = line.currency === baseCurrency ? '1' : rateOf(line.currency);
    if (rate === null && !missing.includes(line.currency)) missing.push(line.currency);
    if (quantity === null || unitPrice === null) {
      figures.set(line._id, { amount: null, baseAmount: null, needsRate: rate === null });
      continue;
    }
    const exact = lineAmount(quantity, unitPrice);
    figures.set(line._id, {
      amount: roundMoney(exact, line.currency),
      baseAmount: rate === null ? null : roundMoney(toBase(exact, rate), baseCurrency),
      needsRate: rate === null,
    });
    if (rate !== null) priced.push({ kind: line.kind, quantity, unitPrice, rate });
  }
  return {
    lines: figures,
    totals: missing.length > 0 ? null : profitOf(priced, baseCurrency),
    missingRates: missing,
  };
}

/** A rate as the company-currency screen keeps it: from `validFrom` on. */
export interface DatedRate {
  exchangeRate: string;
  validFrom: string;
}

/**
 * The rate valid on `day` (`YYYY-MM-DD`): the latest whose `validFrom` is on or before it, as the service
 * converts; null when every rate starts later.
 */
export function rateValidOn(rates: readonly DatedRate[], day: string): string | null {
  let best: DatedRate | null = null;
  for (const rate of rates) {
    const from = rate.validFrom.slice(0, 10);
    if (from <= day && (!best || from >= best.validFrom.slice(0, 10))) best = rate;
  }
  return best?.exchangeRate ?? null;
}

/** Whether a figure (a decimal string) is below zero: a loss shows in red. */
export function isNegative(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim().startsWith('-') && /[1-9]/.test(value);
}
