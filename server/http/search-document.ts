/**
 * Search across a record and its child rows, made fast: the record keeps one denormalised text of
 * everything the search box matches (its own fields and its child rows' keys), each part in the compared
 * form the resource's normaliser gives, joined by spaces; a trigram index on that column turns "contains"
 * into an index scan. The query is normalised the same way, so it can never span two parts (the
 * normalised form has no spaces).
 */
import { containsPattern } from './list-query.ts';

export type Normalizer = (text: string) => string;

/** The text to store: every non-empty part, normalised, once each, joined by a space. */
export function searchDocument(parts: Iterable<string | null | undefined>, normalize: Normalizer): string {
  const seen = new Set<string>();
  for (const part of parts) {
    const normalized = part ? normalize(part) : '';
    if (normalized) seen.add(normalized);
  }
  return [...seen].join(' ');
}

/** The `LIKE` pattern of a search in the stored form, or null when nothing searchable is left. */
export function searchDocumentPattern(search: string | undefined, normalize: Normalizer): string | null {
  const normalized = search ? normalize(search) : '';
  return normalized ? containsPattern(normalized) : null;
}

/**
 * The search in the stored form when it could be one whole stored key (a container, bill, booking or record
 * number): at least 7 letters and digits, one of them a digit. A resource may look such a search up as a
 * whole key first (an index on the document's words finds it at once, where a "contains" scan of a long
 * run of digits reads a large part of the table) and fall back to "contains" when no key is equal. Null
 * otherwise: short searches and words (a customer's name) only ever match by "contains".
 */
export function searchDocumentKey(search: string | undefined, normalize: Normalizer): string | null {
  const normalized = search ? normalize(search) : '';
  return normalized.length >= 7 && /\d/.test(normalized) && !/\s/.test(normalized) ? normalized : null;
}
