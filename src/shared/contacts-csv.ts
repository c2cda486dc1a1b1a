/**
 * The contacts' CSV file, both ways, without the browser around it (the server's round-trip test runs the
 * same code): "Export CSV" writes one row per contact, business types and tags by name, every cell
 * through the product's one formula rule (src/shared/csv-formula-guard.ts); "Import CSV" reads a file's
 * rows back as import rows. Papa Parse is loaded only when a file is written or read.
 */
import { guardCsvFormula } from './csv-formula-guard.ts';
import type { Contact, ImportContactRow } from './contracts/contacts.ts';

type Field = keyof ImportContactRow;

export interface ContactCsvNames {
  /** Business type names by id. */
  types: ReadonlyMap<string, string>;
  /** Tag names by id. */
  tags: ReadonlyMap<string, string>;
  /** The column headers: name, types, e-mail, phone, address, city, country, tax id, tags, notes (the user's language). */
  headers: readonly string[];
}

/** The file's text (no BOM): RFC 4180 quoting by Papa Parse, CRLF line ends, formulas guarded. */
export async function contactsCsv(contacts: readonly Contact[], names: ContactCsvNames): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const rows = contacts.map((c) =>
    [
      c.name,
      c.typeIds.map((id) => names.types.get(id) ?? id).join('; '),
      c.email,
      c.phone,
      c.address,
      c.city,
      c.country,
      c.taxId,
      c.tagIds.map((id) => names.tags.get(id) ?? id).join('; '),
      c.notes,
    ].map(guardCsvFormula),
  );
  // Papa Parse's own escapeFormulae stays off: its pattern misses a formula followed by a line break, and
  // the import must know exactly which apostrophe was added.
  return Papa.unparse({ fields: names.headers.map(guardCsvFormula), data: rows }, { newline: '\r\n' });
}

/** The headers a column may have: the field's key, or its label in English or Spanish (what "Export CSV" writes). */
const HEADERS: Record<Field, string[]> = {
  name: ['name', 'nombre'],
  types: ['types', 'business types', 'tipos de negocio'],
  email: ['email', 'e-mail', 'correo electrónico'],
  phone: ['phone', 'teléfono'],
  address: ['address', 'dirección'],
  city: ['city', 'ciudad'],
  country: ['country', 'país'],
  taxId: ['taxid', 'tax id', 'nif'],
  tags: ['tags', 'etiquetas'],
  notes: ['notes', 'notas'],
};
const FIELD_OF = new Map(
  Object.entries(HEADERS).flatMap(([field, names]) => names.map((name) => [name, field as Field] as const)),
);

/**
 * The file's rows as import rows; columns the import does not know are left out. Cells go to the server
 * exactly as the file holds them: the server removes the export's formula guard and trims the fields
 * that are trimmed anyway (notes keep their spaces, so a file exported and imported stays the same).
 */
export function rowsOf(records: Record<string, string>[]): ImportContactRow[] {
  return records.map((record) => {
    const row: ImportContactRow = {};
    for (const [header, value] of Object.entries(record)) {
      const field = FIELD_OF.get(header.trim().toLowerCase());
      if (field && typeof value === 'string') row[field] = value;
    }
    return row;
  });
}

/** A CSV file's text (a BOM allowed) as import rows. */
export async function readContactsCsv(text: string): Promise<ImportContactRow[]> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  return rowsOf(parsed.data);
}
