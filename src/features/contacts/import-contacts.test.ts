import { describe, expect, it } from 'vitest';
import type { Contact } from '../../shared/contracts/contacts';
import { contactsCsv, readContactsCsv, rowsOf } from '../../shared/contacts-csv';

describe('CSV columns to import rows', () => {
  it('takes the export’s English or Spanish headers, or the field keys, in any case; other columns are left out', () => {
    expect(
      rowsOf([
        { Name: ' Acme ', 'Business types': 'Shipper; Agent', 'E-MAIL': 'a@acme.example', Colour: 'red' },
        { nombre: 'Beta', 'Tipos de negocio': 'Consignee', País: 'ES', NIF: 'B123' },
      ]),
    ).toEqual([
      // The cell as the file holds it: the server trims what it trims and removes the formula guard.
      { name: ' Acme ', types: 'Shipper; Agent', email: 'a@acme.example' },
      { name: 'Beta', types: 'Consignee', country: 'ES', taxId: 'B123' },
    ]);
  });
});

const contact = (fields: Partial<Contact>): Contact => ({
  _id: '00000000-0000-4000-8000-000000000001',
  version: 1,
  name: 'Acme',
  typeIds: [],
  email: '',
  phone: '',
  address: '',
  city: '',
  country: '',
  taxId: '',
  tagIds: [],
  notes: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
const names = {
  types: new Map<string, string>(),
  tags: new Map<string, string>(),
  headers: ['Name', 'Business types', 'E-mail', 'Phone', 'Address', 'City', 'Country', 'Tax ID', 'Tags', 'Notes'],
};

describe('Export CSV', () => {
  it('keeps a formula inert when its cell holds a line break, and reads every cell back as it was', async () => {
    const live = ['=1+1\nsecond line', '@SUM(A1)\r\nx', '\n=HYPERLINK("http://x.example")', ' +31 10 555 1234\nb'];
    const csv = await contactsCsv(
      live.map((notes, i) => contact({ name: `Row ${i}`, notes, address: notes, phone: '+31 10 555 1234' })),
      names,
    );
    const Papa = (await import('papaparse')).default;
    const cells = Papa.parse<string[]>(csv).data.slice(1);
    for (const [i, text] of live.entries()) {
      // What a spreadsheet gets: the cell starts with the apostrophe that makes it text.
      expect(cells[i]![9]).toBe(`'${text}`);
      expect(cells[i]![4]).toBe(`'${text}`);
      expect(cells[i]![3]).toBe("'+31 10 555 1234");
    }
    expect((await readContactsCsv(`\ufeff${csv}`)).map((r) => r.notes)).toEqual(live.map((text) => `'${text}`));
  });
});
