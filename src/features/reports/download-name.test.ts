import { describe, expect, it } from 'vitest';
import { reportFileName } from '../../shared/contracts/reports';
import { fileNameOf } from './download-name';

describe('a download’s file name', () => {
  it('is read from Content-Disposition, the UTF-8 form first, without folders', () => {
    expect(fileNameOf('attachment; filename="Europe-2026-01-31.csv"')).toBe('Europe-2026-01-31.csv');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''Espa%C3%B1a%20y%20m%C3%A1s.csv`)).toBe(
      'España y más.csv',
    );
    expect(fileNameOf('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(null)).toBeUndefined();
  });

  it('is made as the service makes it when the header cannot be read', () => {
    const day = new Date('2026-03-04T10:00:00Z');
    expect(reportFileName('Clientes de España / 2026', day, 'csv')).toBe('Clientes-de-Espana-2026-2026-03-04.csv');
    expect(reportFileName('***', day, 'xlsx')).toBe('report-2026-03-04.xlsx');
  });
});
