/** The address fields of the mail dialog: comma, semicolon or line separated, each checked. */
import { mailT } from './strings';

// The shape servers accept in practice (one @, a dotted domain, no spaces); the mail service checks again.
const ADDRESS = /^[^\s@,;<>()[\]\\"]+@[^\s@,;<>()[\]\\"]+\.[^\s@,;<>()[\]\\".]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

export interface ParsedAddresses {
  addresses: string[];
  invalid: string[];
}

/** Splits a field into addresses (each once, first spelling kept) and the entries that are not ones. */
export function parseAddressList(text: string): ParsedAddresses {
  const addresses: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/[,;\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    if (!isEmailAddress(entry)) {
      invalid.push(entry);
      continue;
    }
    const key = entry.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(entry);
  }
  return { addresses, invalid };
}

/** The error of one field, or undefined. */
export function addressFieldError(parsed: ParsedAddresses, required: boolean): string | undefined {
  if (parsed.invalid.length > 0) {
    return mailT('address.invalid', { list: parsed.invalid.join(', ') });
  }
  if (required && parsed.addresses.length === 0) return mailT('address.missing');
  return undefined;
}
