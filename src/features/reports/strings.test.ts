// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { REPORT_COLUMNS, REPORT_SOURCES } from '../../shared/contracts/reports';
import { cellText, pointText } from './report-cells';
import { columnLabel, sourceLabel } from './strings';

describe('the reports’ words', () => {
  afterEach(() => setLanguage('en'));

  it('name every column of every source in English and Spanish', async () => {
    for (const source of REPORT_SOURCES) {
      for (const column of REPORT_COLUMNS[source]) {
        expect(columnLabel(source, column.key), `${source}.${column.key}`).not.toMatch(/^column\./);
      }
    }
    expect(columnLabel('contacts', 'taxId')).toBe('Tax id');
    expect(columnLabel('contacts', 'nosuch')).toBe('nosuch');
    await setLanguage('es');
    const english = new Set(['Name', 'E-mail', 'Country']);
    expect(columnLabel('contacts', 'country')).toBe('País');
    expect(sourceLabel('audit')).toBe('Registro de auditoría');
    for (const source of REPORT_SOURCES) {
      for (const column of REPORT_COLUMNS[source]) expect(english.has(columnLabel(source, column.key))).toBe(false);
    }
  });

  it('write a run’s cells and chart groups for people', async () => {
    expect(cellText(['Consignee', 'Shipper'], 'list')).toBe('Consignee, Shipper');
    expect(cellText(null, 'text')).toBe('');
    expect(cellText(true, 'boolean')).toBe('Yes');
    expect(cellText('NL', 'text')).toBe('NL');
    expect(cellText('2026-01-31T10:15:00.000Z', 'date')).toMatch(/2026/);
    expect(pointText('', 'text')).toBe('(none)');
    expect(pointText('false', 'boolean')).toBe('No');
    expect(pointText('2026-01-31', 'date')).toBe('31 Jan 2026');
    await setLanguage('es');
    expect(cellText(false, 'boolean')).toBe('No');
    expect(cellText(true, 'boolean')).toBe('Sí');
  });
});
