/**
 * The form a shipment search compares in: upper case, without accents, spaces, dashes or any other
 * character that is not a letter or a digit, so that `msku 601167-2` finds `MSKU6011672` and a customer
 * typed without accents is still found. The service stores the searchable text of each shipment in this
 * form, and normalises the query the same way.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}
