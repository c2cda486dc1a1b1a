import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardCsvFormula, needsCsvFormulaGuard, unguardCsvFormula } from './csv-formula-guard';

/** What a spreadsheet runs: a formula character first, or after whitespace and line breaks; a tab or CR first. */
const LIVE = /^(?:[\t\r]|\s*[=+\-@])/;

/** Strings made mostly of the characters that matter here, so that the edge cases come up often. */
const tricky = fc.string({
  unit: fc.oneof(
    fc.constantFrom("'", '=', '+', '-', '@', ' ', '\t', '\r', '\n', '\u00a0', '"', ',', 'a', '1'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  ),
  maxLength: 12,
});
const anyString = fc.oneof(tricky, fc.string({ unit: 'binary' }));

describe('the CSV formula guard', () => {
  it('guards exactly the cells a spreadsheet could run, multi-line ones included', () => {
    for (const cell of [
      '=1+1',
      '+31 10 555 1234',
      '-5',
      '@SUM(A1)',
      '\tx',
      '\rx',
      '=1+1\nsecond line',
      '\n=HYPERLINK("http://x.example")',
      '  =1',
      '\r\n@x',
      "'=1",
      "''+1",
    ])
      expect(guardCsvFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    for (const cell of ['', 'Acme', "'", "'quoted'", 'a=1', '1-2', 'x\n=1', "'x=1", ' x'])
      expect(guardCsvFormula(cell), JSON.stringify(cell)).toBe(cell);
  });

  it('unguard(guard(s)) is s for every string', () => {
    fc.assert(
      fc.property(anyString, (s) => unguardCsvFormula(guardCsvFormula(s)) === s),
      { numRuns: 5000 },
    );
  });

  it('a guarded cell is never live, and the guard only ever adds one apostrophe', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const out = guardCsvFormula(s);
        return !LIVE.test(out) && (out === s || out === `'${s}`) && (out !== s) === needsCsvFormulaGuard(s);
      }),
      { numRuns: 5000 },
    );
  });

  it('unguard removes only an apostrophe the guard would have added', () => {
    fc.assert(
      fc.property(anyString, (t) => {
        const back = unguardCsvFormula(t);
        return back === t || (t === `'${back}` && guardCsvFormula(back) === t);
      }),
      { numRuns: 5000 },
    );
  });
});
