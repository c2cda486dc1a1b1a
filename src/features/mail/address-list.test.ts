import { describe, expect, it } from 'vitest';
import { addressFieldError, isEmailAddress, parseAddressList } from './address-list';

describe('the mail address fields', () => {
  it('splits on commas, semicolons and lines, keeping each address once', () => {
    expect(parseAddressList(' ops@demo.test, a@b.io;\nOPS@demo.test ,')).toEqual({
      addresses: ['ops@demo.test', 'a@b.io'],
      invalid: [],
    });
  });

  it('reports what is not an address, per field', () => {
    const parsed = parseAddressList('ops@demo.test, nope, x@y');
    expect(parsed.invalid).toEqual(['nope', 'x@y']);
    expect(addressFieldError(parsed, true)).toBe('Not a valid e-mail address: nope, x@y');
    expect(addressFieldError(parseAddressList(''), true)).toBe('Enter at least one recipient.');
    expect(addressFieldError(parseAddressList(''), false)).toBeUndefined();
  });

  it('accepts usual addresses and refuses spaces and missing parts', () => {
    expect(isEmailAddress('first.last+tag@sub.example.co.uk')).toBe(true);
    expect(isEmailAddress('a b@c.de')).toBe(false);
    expect(isEmailAddress('@c.de')).toBe(false);
    expect(isEmailAddress('a@')).toBe(false);
  });
});
