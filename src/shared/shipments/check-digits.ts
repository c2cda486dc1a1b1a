/**
 * The check digits of the identifiers a shipment carries, each computed as its standard defines it.
 * Each function answers the expected check digit, so that a message can say what it should be.
 */

/**
 * ISO 6346 container numbers (`MSKU6011672`): owner code (3 letters), category (`U`, `J` or `Z`), six
 * digits, check digit. Letters count 10 upwards, skipping the multiples of 11 (A = 10, B = 12 … Z = 38);
 * the i-th character (from 0) is weighted 2^i; the check digit is the sum mod 11, with 10 written as 0.
 */
export function iso6346CheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const c = firstTen.charCodeAt(i);
    let value: number;
    if (c >= 48 && c <= 57) value = c - 48;
    else {
      value = c - 65 + 10;
      // Every letter's value, counting up from 10, steps over 11, 22 and 33.
      value += Math.floor((value - 1) / 10);
    }
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** A container number in the form ISO 6346 writes it: upper case, no spaces or dashes. */
export function normalizeContainerNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * IATA air waybill numbers (`020-12345675`): a three-digit airline prefix, then eight digits whose last is
 * the first seven taken as a number, mod 7.
 */
export function awbCheckDigit(serialFirstSeven: string): number {
  return Number(serialFirstSeven) % 7;
}

/** IMO ship numbers (`9074729`): digits 1 to 6 weighted 7 down to 2; the sum mod 10 is the seventh. */
export function imoCheckDigit(firstSix: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(firstSix[i]) * (7 - i);
  return sum % 10;
}
