import { describe, expect, it } from 'vitest';
import {
  figures,
  isDecimalString,
  isLoss,
  lineAmount,
  marginPercent,
  minorUnits,
  profitOf,
  roundMoney,
  roundTo,
} from './money.ts';
import {
  chargeSchema,
  createChargeBody,
  noRateDetail,
  readNoRateDetails,
  updateChargeBody,
} from '../contracts/shipment-charges.ts';

describe('minor units (ISO 4217)', () => {
  it('knows EUR 2, JPY 0, KWD 3, CLF 4', () => {
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('CLF')).toBe(4);
    expect(minorUnits('usd')).toBe(2);
  });
});

describe('rounding, half away from zero, once', () => {
  it('rounds JPY to whole yen and KWD to fils', () => {
    expect(roundMoney('2.5', 'JPY')).toBe('3');
    expect(roundMoney('-2.5', 'JPY')).toBe('-3');
    expect(roundMoney('2.4999', 'JPY')).toBe('2');
    expect(roundMoney('1.0005', 'KWD')).toBe('1.001');
    expect(roundMoney('-1.0005', 'KWD')).toBe('-1.001');
    expect(roundMoney('1.0004', 'KWD')).toBe('1.000');
    expect(roundMoney('0.125', 'EUR')).toBe('0.13');
  });

  it('never answers a negative zero', () => {
    expect(roundTo('-0.001', 2)).toBe('0.00');
    expect(roundMoney('-0.4', 'JPY')).toBe('0');
  });

  it('is exact where floats are not', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; three lines of 0.1 × 3 must be 0.90 exactly.
    expect(lineAmount('3', '0.1').plus(lineAmount('1', '0.2')).toFixed()).toBe('0.5');
    expect(roundMoney(lineAmount('1.005', '1'), 'EUR')).toBe('1.01');
  });

  it('rounds the totals, not each line', () => {
    // Three lines of 0.004 EUR: each would round to 0.00, together they are 0.012 → 0.01.
    const line = { kind: 'revenue' as const, quantity: '1', unitPrice: '0.004', rate: '1' };
    expect(profitOf([line, line, line], 'EUR').revenue).toBe('0.01');
    // Ten lines of 100 JPY at 0.00613 EUR: 6.13 EUR, where rounding each line first would give 6.10.
    const yen = { kind: 'cost' as const, quantity: '1', unitPrice: '100', rate: '0.00613' };
    expect(
      profitOf(
        Array.from({ length: 10 }, () => yen),
        'EUR',
      ).cost,
    ).toBe('6.13');
  });
});

describe('profit', () => {
  it('converts each line at its rate and keeps revenue − cost = profit', () => {
    const result = profitOf(
      [
        { kind: 'revenue', quantity: '2', unitPrice: '1250.00', rate: '1' },
        { kind: 'revenue', quantity: '1', unitPrice: '75', rate: '1.0850' },
        { kind: 'cost', quantity: '2', unitPrice: '980', rate: '1.0850' },
        { kind: 'cost', quantity: '1', unitPrice: '15000', rate: '0.0062' },
      ],
      'EUR',
    );
    // revenue 2500 + 81.375 = 2581.375 → 2581.38; cost 2126.6 + 93 = 2219.6 → 2219.60
    expect(result).toEqual({
      currency: 'EUR',
      revenue: '2581.38',
      cost: '2219.60',
      profit: '361.78',
      marginPercent: '14.01',
    });
    expect(isLoss(result)).toBe(false);
  });

  it('rounds a JPY and a KWD base to their own minor units', () => {
    expect(figures('1000.5', '200.25', 'JPY')).toMatchObject({ revenue: '1001', cost: '200', profit: '801' });
    expect(figures('10.0005', '4.1234', 'KWD')).toMatchObject({ revenue: '10.001', cost: '4.123', profit: '5.878' });
  });

  it('has no margin without revenue, and a loss at or below zero', () => {
    const none = profitOf([{ kind: 'cost', quantity: '1', unitPrice: '10', rate: '1' }], 'USD');
    expect(none).toMatchObject({ revenue: '0.00', cost: '10.00', profit: '-10.00', marginPercent: null });
    expect(isLoss(none)).toBe(true);
    expect(isLoss(figures('10', '10', 'USD'))).toBe(true);
    expect(marginPercent('3', '1')).toBe('33.33');
    expect(marginPercent('3', '2')).toBe('66.67');
    expect(marginPercent('0', '2')).toBeNull();
  });
});

describe('decimal strings on the wire', () => {
  const body = { kind: 'revenue', chargeCode: 'FRT', unitPrice: '1250.00', currency: 'eur' };

  it('takes strings and fills the defaults', () => {
    const parsed = createChargeBody.parse(body);
    expect(parsed).toMatchObject({ quantity: '1', description: '', partyId: null, currency: 'EUR' });
    expect(isDecimalString(parsed.unitPrice)).toBe(true);
  });

  it('refuses a JSON number, naming the field', () => {
    const result = createChargeBody.safeParse({ ...body, unitPrice: 1250 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['unitPrice']);
    expect(updateChargeBody.safeParse({ quantity: 2 }).success).toBe(false);
  });

  it('refuses exponents, commas, a zero quantity and too many decimals', () => {
    for (const unitPrice of ['1e3', '1,50', '-1', '1.1234567', ' ', '']) {
      expect(createChargeBody.safeParse({ ...body, unitPrice }).success, unitPrice).toBe(false);
    }
    for (const quantity of ['0', '0.0000', '1.23456']) {
      expect(createChargeBody.safeParse({ ...body, quantity }).success, quantity).toBe(false);
    }
    expect(createChargeBody.safeParse({ ...body, quantity: '0.5' }).success).toBe(true);
  });

  it('parses a charge as the service answers it', () => {
    const charge = {
      _id: 'c1',
      version: 1,
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
      shipmentId: 's1',
      kind: 'cost',
      chargeCode: 'THC',
      description: '',
      quantity: '2',
      unitPrice: '180.00',
      currency: 'EUR',
      amount: '360.00',
      partyId: null,
      partyName: null,
    };
    expect(chargeSchema.parse(charge)).toEqual(charge);
  });

  it('reads the currency and date a NO_RATE names', () => {
    expect(readNoRateDetails([noRateDetail('USD', '2026-03-02'), { path: 'other', message: 'x' }])).toEqual([
      { currency: 'USD', date: '2026-03-02' },
    ]);
  });
});
