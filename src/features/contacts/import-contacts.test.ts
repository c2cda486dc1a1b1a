import { describe, expect, it } from 'vitest';
import { rowsOf } from './import-contacts';

describe('CSV columns to import rows', () => {
  it('takes the export’s English or Spanish headers, or the field keys, in any case; other columns are left out', () => {
    expect(
      rowsOf([
        { Name: ' Acme ', 'Business types': 'Shipper; Agent', 'E-MAIL': 'a@acme.example', Colour: 'red' },
        { nombre: 'Beta', 'Tipos de negocio': 'Consignee', País: 'ES', NIF: 'B123' },
      ]),
    ).toEqual([
      { name: 'Acme', types: 'Shipper; Agent', email: 'a@acme.example' },
      { name: 'Beta', types: 'Consignee', country: 'ES', taxId: 'B123' },
    ]);
  });
});
