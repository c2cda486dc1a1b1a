/**
 * `POST /contacts/import`: CSV rows (as the app parsed them) become contacts, all or none. Business types
 * are matched by name or code and tags by name, case-insensitively, against the company's own; each row
 * is then checked with the same schema as `POST /contacts`. Every problem of every row is reported at
 * once (`rows.<index>.<field>`), so a user fixes the file in one go.
 *
 * Each cell first loses the formula guard that "Export CSV" adds (a leading `'` before what a spreadsheet
 * would run, src/shared/csv-formula-guard.ts), exactly that and nothing else, so that a file the product
 * exported imports back as it was (`'+31 10 555 1234` is the phone number `+31 10 555 1234`).
 */
import {
  createContactBody,
  type importContactsBody,
  type ImportContactRow,
} from '../../../src/shared/contracts/contacts.ts';
import type { z } from 'zod';
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import { unguardCsvFormula } from '../../../src/shared/csv-formula-guard.ts';
import type { Queryable } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { referenceData } from '../master/reference-data.ts';
import { businessTypeNames, contactRepository } from './contact-repository.ts';
import { tagNames } from './contact-tag-repository.ts';

type Row = z.output<typeof importContactsBody>['rows'][number];

async function nameMaps(tx: Queryable) {
  const typeIds = new Map<string, string>();
  for (const t of await businessTypeNames(tx)) {
    typeIds.set(t.code.toLowerCase(), t.id);
    typeIds.set(t.name.toLowerCase(), t.id);
  }
  return { typeIds, tagIds: new Map((await tagNames(tx)).map((t) => [t.name.toLowerCase(), t.id])) };
}

const list = (text: string) =>
  text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

/** A country as a code (`NL`) or an English name (`Netherlands`). */
function countryCode(text: string): string | undefined {
  const value = text.trim();
  if (!value) return '';
  const countries = referenceData().countries;
  const upper = value.toUpperCase();
  return (
    countries.find((c) => c.code === upper)?.code ??
    countries.find((c) => c.name.toLowerCase() === value.toLowerCase())?.code
  );
}

export async function importContacts(
  tx: Queryable,
  rows: Row[],
  who: { companyId: string; userId: string },
  dryRun: boolean,
): Promise<{ rows: number; created: number }> {
  const maps = await nameMaps(tx);
  const problems: Array<{ path: string; message: string }> = [];
  const ready: Array<z.output<typeof createContactBody>> = [];
  rows.forEach((guarded: ImportContactRow, index) => {
    const row = Object.fromEntries(
      Object.entries(guarded).map(([field, cell]) => [
        field,
        typeof cell === 'string' ? unguardCsvFormula(cell) : cell,
      ]),
    ) as ImportContactRow;
    const at = (field: string, message: string) => problems.push({ path: `rows.${index}.${field}`, message });
    const typeIds = list(row.types ?? '').map(
      (name) => maps.typeIds.get(name.toLowerCase()) ?? at('types', `no business type "${name}"`),
    );
    const tagIds = list(row.tags ?? '').map(
      (name) => maps.tagIds.get(name.toLowerCase()) ?? at('tags', `no tag "${name}"`),
    );
    const country = countryCode(row.country ?? '');
    if (country === undefined) at('country', `no country "${row.country}"`);
    const parsed = createContactBody.safeParse({
      name: row.name,
      typeIds: typeIds.filter((id): id is string => typeof id === 'string'),
      email: (row.email ?? '').trim(),
      phone: row.phone,
      address: row.address,
      city: row.city,
      country: country ?? '',
      taxId: row.taxId,
      tagIds: tagIds.filter((id): id is string => typeof id === 'string'),
      notes: row.notes,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) at(issue.path.map(String).join('.'), issue.message);
      return;
    }
    ready.push({
      ...parsed.data,
      typeIds: [...new Set(parsed.data.typeIds)],
      tagIds: [...new Set(parsed.data.tagIds)],
    });
  });
  if (problems.length > 0) {
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_FAILED,
      `${problems.length} problem(s) in the file: nothing was imported`,
      {
        details: problems.slice(0, 500),
      },
    );
  }
  if (dryRun) return { rows: rows.length, created: 0 };
  for (const contact of ready) {
    await contactRepository.insert(tx, { ...contact, companyId: who.companyId, createdBy: who.userId });
  }
  return { rows: rows.length, created: ready.length };
}
