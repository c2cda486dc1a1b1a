import { describe, expect, it } from 'vitest';
import { chargeFigures, isNegative, rateValidOn, typedDecimal, type TypedLine } from './charge-totals';

const line = (id: string, kind: TypedLine['kind'], quantity: string, unitPrice: string, currency: string) => ({
  _id: id,
  kind,
  quantity,
  unitPrice,
  currency,
});

/** Euro as the base; one US dollar is 0.92 euro, one yen 0.0061 euro, one Kuwaiti dinar 2.98 euro. */
const RATES: Record<string, string> = { USD: '0.92', JPY: '0.0061', KWD: '2.98' };
const rateOf = (currency: string) => RATES[currency] ?? null;

describe('chargeFigures', () => {
  it('converts each line at its rate and sums exactly, rounding once at the end', () => {
    const figures = chargeFigures(
      [
        line('r1', 'revenue', '1', '1500.00', 'EUR'),
        line('r2', 'revenue', '2', '0.10', 'USD'),
        line('c1', 'cost', '1', '1200.00', 'USD'),
        line('c2', 'cost', '3', '0.1', 'EUR'),
      ],
      'EUR',
      rateOf,
    );
    expect(figures.lines.get('r2')).toEqual({ amount: '0.20', baseAmount: '0.18', needsRate: false });
    expect(figures.lines.get('c1')).toEqual({ amount: '1200.00', baseAmount: '1104.00', needsRate: false });
    // 0.1 × 3 is 0.3 exactly (a float would make it 0.30000000000000004).
    expect(figures.lines.get('c2')?.amount).toBe('0.30');
    expect(figures.totals).toEqual({
      currency: 'EUR',
      revenue: '1500.18',
      cost: '1104.30',
      profit: '395.88',
      marginPercent: '26.39',
    });
  });

  it('rounds to each currency’s minor units: no cents for yen, three decimals for dinars', () => {
    const figures = chargeFigures(
      [line('y', 'cost', '1', '2.5', 'JPY'), line('k', 'revenue', '1', '1.2345', 'KWD')],
      'JPY',
      (c) => (c === 'KWD' ? '488.5' : null),
    );
    // Half away from zero: 2.5 yen is 3 yen.
    expect(figures.lines.get('y')).toMatchObject({ amount: '3', baseAmount: '3' });
    expect(figures.lines.get('k')).toMatchObject({ amount: '1.235', baseAmount: '603' });
    expect(figures.totals).toMatchObject({ revenue: '603', cost: '3', profit: '600' });
  });

  it('follows what is being typed: a half-typed number counts as soon as it is one', () => {
    const typed = (price: string) =>
      chargeFigures([line('r', 'revenue', '1', '100', 'EUR'), line('c', 'cost', '1', price, 'EUR')], 'EUR', rateOf);
    expect(typed('').totals?.profit).toBe('100.00');
    expect(typed('').lines.get('c')).toEqual({ amount: null, baseAmount: null, needsRate: false });
    expect(typed('12,5').totals?.profit).toBe('87.50');
    expect(typed('150.').totals).toMatchObject({ profit: '-50.00', marginPercent: '-50.00' });
  });

  it('names the currencies without a rate and shows no totals until they have one', () => {
    const figures = chargeFigures(
      [line('r', 'revenue', '1', '10', 'EUR'), line('c', 'cost', '1', '5', 'GBP'), line('d', 'cost', '2', '1', 'GBP')],
      'EUR',
      rateOf,
    );
    expect(figures.missingRates).toEqual(['GBP']);
    expect(figures.totals).toBeNull();
    expect(figures.lines.get('c')).toEqual({ amount: '5.00', baseAmount: null, needsRate: true });
  });

  it('has no margin without revenue', () => {
    expect(chargeFigures([line('c', 'cost', '1', '5', 'EUR')], 'EUR', rateOf).totals).toMatchObject({
      profit: '-5.00',
      marginPercent: null,
    });
  });
});

describe('typedDecimal', () => {
  it('reads a point or a comma, and nothing that is not a number', () => {
    expect(['12', '12.5', '12,5', '12.', '.5', ' 7 '].map(typedDecimal)).toEqual([
      '12',
      '12.5',
      '12.5',
      '12',
      '0.5',
      '7',
    ]);
    expect(['', '.', 'abc', '1.2.3', '-1', '1e3'].map(typedDecimal)).toEqual([null, null, null, null, null, null]);
  });
});

describe('rateValidOn', () => {
  const history = [
    { exchangeRate: '0.90', validFrom: '2026-01-01' },
    { exchangeRate: '0.95', validFrom: '2026-03-01T00:00:00.000Z' },
  ];
  it('takes the latest rate starting on or before the day', () => {
    expect(rateValidOn(history, '2026-02-28')).toBe('0.90');
    expect(rateValidOn(history, '2026-03-01')).toBe('0.95');
    expect(rateValidOn(history, '2025-12-31')).toBeNull();
  });
});

describe('isNegative', () => {
  it('is a loss below zero only', () => {
    expect([isNegative('-0.01'), isNegative('0.00'), isNegative('-0.00'), isNegative(null)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
