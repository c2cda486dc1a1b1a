/**
 * "Export CSV": every contact the list's filters and search select (all pages, 100 at a time), written by
 * contacts-csv.ts (one row each, business types and tags by name, formulas guarded) and downloaded.
 */
import { apiList } from '../../lib/api/api-client';
import { contactSchema, type Contact } from '../../shared/contracts/contacts';
import { filtersBody, type ContactFilters } from './api';
import { contactsCsv, type ContactCsvNames } from '../../shared/contacts-csv';
import { isoDate } from '../../shared/dates';

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
  names: ContactCsvNames,
): Promise<number> {
  const contacts = await everyContact(filters, search);
  const csv = await contactsCsv(contacts, names);
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `contacts-${isoDate()}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return contacts.length;
}
