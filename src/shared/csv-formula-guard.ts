/**
 * The one formula rule of every CSV the product writes (the reports' CSV on the server, the contacts'
 * "Export CSV" in the app) and reads back (the contacts' import).
 *
 * A spreadsheet runs a cell as a formula when it begins with `=`, `+`, `-` or `@`, also after leading
 * spaces or line breaks (some programs trim them first), and some programs treat a leading tab or
 * carriage return the same way. Such a cell is written with a leading `'`, which spreadsheets show as
 * text. The check looks at the whole cell, line breaks included (Papa Parse's own `escapeFormulae`
 * pattern stops at the first line break, so `=1+1⏎x` stayed live).
 *
 * `unguardCsvFormula` removes exactly the `'` that `guardCsvFormula` added, and nothing else: a cell
 * that already begins with `'` before a formula character gets one more on the way out, so that
 * `unguard(guard(s)) === s` for every string (a user's own `'=x` comes back as `'=x`).
 */

/** A formula character, possibly behind whitespace, or a leading tab or CR; behind any number of `'`. */
const NEEDS_GUARD = /^'*(?:[\t\r]|\s*[=+\-@])/;

/** True when a spreadsheet could run `cell` as a formula, once the apostrophes in front are taken away. */
export function needsCsvFormulaGuard(cell: string): boolean {
  return NEEDS_GUARD.test(cell);
}

/** The cell as a CSV file holds it: a leading `'` on anything a spreadsheet could run as a formula. */
export function guardCsvFormula(cell: string): string {
  return NEEDS_GUARD.test(cell) ? `'${cell}` : cell;
}

/** The cell as it was before `guardCsvFormula`: its one added `'` removed, any other text left alone. */
export function unguardCsvFormula(cell: string): string {
  return cell.startsWith("'") && NEEDS_GUARD.test(cell.slice(1)) ? cell.slice(1) : cell;
}
