/**
 * "Export CSV": every contact the list's filters and search select (all pages, 100 at a time), one row
 * each, business types and tags by name. Papa Parse writes the CSV (quoting, line breaks and the formula
 * characters a spreadsheet would run are its job, not ours); it is loaded only when someone exports.
 */
import { apiList } from '../../lib/api/api-client';
import { contactSchema, type Contact } from '../../shared/contracts/contacts';
import { filtersBody, type ContactFilters } from './api';

async function everyContact(filters: ContactFilters, search: string): Promise<Contact[]> {
  const all: Contact[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiList('contactserver', '/contacts/paginate', contactSchema, {
      method: 'POST',
      body: JSON.stringify({
        page,
        limit: 100,
        sort: 'name',
        ...(search ? { search } : {}),
        filters: filtersBody(filters),
      }),
    });
    all.push(...answer.items);
    if (answer.items.length === 0 || all.length >= answer.meta.total) return all;
  }
}

export async function exportContactsCsv(
  filters: ContactFilters,
  search: string,
  names: { types: Map<string, string>; tags: Map<string, string>; headers: string[] },
): Promise<number> {
  const [{ default: Papa }, contacts] = await Promise.all([import('papaparse'), everyContact(filters, search)]);
  const rows = contacts.map((c) => [
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
  ]);
  // escapeFormulae: a cell starting with = + - @ is not run as a formula by the spreadsheet that opens it.
  const csv = Papa.unparse({ fields: names.headers, data: rows }, { escapeFormulae: true });
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `contacts-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return contacts.length;
}
