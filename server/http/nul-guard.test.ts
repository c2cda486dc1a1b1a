import { describe, expect, it } from 'vitest';
import { findNul, nulValidationError } from './nul-guard.ts';
import { toErrorResponse } from './build-service-app.ts';

describe('findNul', () => {
  it('finds a NUL in a string, a nested value or a key, and names where', () => {
    expect(findNul('a\u0000b')).toBe('');
    expect(findNul({ title: 'ok', address: { city: 'Ro\u0000tterdam' } })).toBe('address/city');
    expect(findNul({ to: ['a@b.test', 'c\u0000@d.test'] })).toBe('to/1');
    expect(findNul({ ['ke\u0000y']: 1 })).toBe('ke\\u0000y');
  });

  it('passes everything else, including a raw upload and the text "\\u0000" spelled out', () => {
    expect(findNul({ a: 1, b: true, c: null, d: ['x'], e: '\\u0000' })).toBeUndefined();
    expect(findNul(Buffer.from([0, 0, 0]))).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toBe(Array(100_000).fill('0').join('/'));
  });
});

describe('nulValidationError', () => {
  it('answers 400 VALIDATION_FAILED with the path, like any validation error', () => {
    expect(toErrorResponse(nulValidationError('address/city', 'body'))).toEqual({
      status: 400,
      body: {
        message: 'The request is not valid',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'body.address.city', message: 'must not contain the NUL character (\\u0000)' }],
      },
      headers: {},
    });
  });
});
