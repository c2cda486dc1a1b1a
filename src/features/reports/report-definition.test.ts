import { describe, expect, it } from 'vitest';
import { createReportSketchBody, reportColumns, REPORT_SOURCES } from '../../shared/contracts/reports';
import {
  columnsNotOffered,
  blankFilter,
  moveColumn,
  newReportBody,
  readableSources,
  toggleColumn,
  updateBody,
  withField,
  withOp,
  type ReportLayout,
} from './report-definition';

const role = (permissions: Record<string, string[]>) => ({ role: { permissions } });

describe('a new report', () => {
  it('starts with the source’s default columns, the suggested chart and order, and passes the contract', () => {
    expect(newReportBody('  Customers by country ', 'contacts')).toEqual({
      name: 'Customers by country',
      description: '',
      source: 'contacts',
      columns: ['name', 'types', 'email', 'country'],
      filters: [],
      sort: { field: 'name', direction: 'asc' },
      chart: { groupBy: 'country' },
    });
    expect(newReportBody('Team', 'users').chart).toEqual({ groupBy: 'role' });
    expect(newReportBody('Activity', 'audit')).toMatchObject({
      chart: { groupBy: 'createdAt' },
      sort: { field: 'createdAt', direction: 'desc' },
    });
    for (const source of REPORT_SOURCES) {
      expect(createReportSketchBody.safeParse(newReportBody('R', source)).success).toBe(true);
    }
  });

  it('offers only the sources the role may read (Operations has no users permission)', () => {
    const operations = role({ reports: ['read', 'create'], contacts: ['read'], audit: ['read'] });
    expect(readableSources(operations)).toEqual(['contacts', 'audit']);
    expect(readableSources(role({ users: ['read'], contacts: ['read'], audit: ['read'] }))).toEqual([
      'contacts',
      'users',
      'audit',
    ]);
    expect(readableSources(null)).toEqual([]);
  });
});

describe('the column list', () => {
  it('adds a ticked column at the end and keeps at least one', () => {
    expect(toggleColumn(['name'], 'country', true)).toEqual(['name', 'country']);
    expect(toggleColumn(['name', 'country'], 'country', true)).toEqual(['name', 'country']);
    expect(toggleColumn(['name', 'country'], 'name', false)).toEqual(['country']);
    expect(toggleColumn(['country'], 'country', false)).toEqual(['country']);
  });

  it('moves a column one place, never past an end', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b'], 'x', 1)).toEqual(['a', 'b']);
  });
});

describe('a filter row', () => {
  it('starts on the first column with its kind’s first operator', () => {
    expect(blankFilter('contacts')).toEqual({ field: 'name', op: 'contains', value: '' });
    expect(blankFilter('audit')).toEqual({ field: 'createdAt', op: 'after', value: '' });
  });

  it('keeps its operator and value while the kind stays, and resets them when it changes', () => {
    const byCity = { field: 'city', op: 'equals', value: 'Rotterdam' } as const;
    expect(withField(byCity, 'contacts', 'country')).toEqual({ field: 'country', op: 'equals', value: 'Rotterdam' });
    expect(withField(byCity, 'contacts', 'createdAt')).toEqual({ field: 'createdAt', op: 'after', value: '' });
    expect(withField(byCity, 'contacts', 'tags')).toEqual({ field: 'tags', op: 'includes', value: '' });
    expect(withField({ field: 'name', op: 'notEmpty', value: '' }, 'contacts', 'tags')).toEqual({
      field: 'tags',
      op: 'notEmpty',
      value: '',
    });
    expect(withField({ field: 'name', op: 'contains', value: 'x' }, 'users', 'disabled')).toEqual({
      field: 'disabled',
      op: 'is',
      value: 'true',
    });
  });

  it('drops its value for a valueless operator', () => {
    expect(withOp({ field: 'email', op: 'contains', value: 'acme' }, 'empty')).toEqual({
      field: 'email',
      op: 'empty',
      value: '',
    });
    expect(withOp({ field: 'email', op: 'contains', value: 'acme' }, 'equals').value).toBe('acme');
  });
});

describe('the body a save sends', () => {
  const layout: ReportLayout = {
    columns: ['name', 'country'],
    filters: [
      { field: 'country', op: 'notEquals', value: ' DE ' },
      { field: 'email', op: 'notEmpty', value: 'left over' },
      { field: 'createdAt', op: 'after', value: '2026-01-31' },
    ],
    sort: { field: 'country', direction: 'desc' },
    chart: { groupBy: 'country' },
  };

  it('carries the version, trimmed text and no value for a valueless operator', () => {
    expect(updateBody({ name: ' Europe ', description: '', version: 3 }, layout, 'contacts')).toEqual({
      ok: true,
      body: {
        version: 3,
        name: 'Europe',
        description: '',
        columns: ['name', 'country'],
        filters: [
          { field: 'country', op: 'notEquals', value: 'DE' },
          { field: 'email', op: 'notEmpty', value: '' },
          { field: 'createdAt', op: 'after', value: '2026-01-31' },
        ],
        sort: { field: 'country', direction: 'desc' },
        chart: { groupBy: 'country' },
      },
    });
  });

  it('names each problem by its path, as the service would', () => {
    const result = updateBody(
      { name: ' ', description: '', version: 1 },
      {
        ...layout,
        filters: [
          { field: 'createdAt', op: 'after', value: '31/01/2026' },
          { field: 'city', op: 'contains', value: '   ' },
        ],
        chart: { groupBy: 'email' },
      },
      'contacts',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.issues).sort()).toEqual(['chart.groupBy', 'filters.0.value', 'filters.1.value', 'name']);
  });

  it('accepts every catalogue column of every source as a column list', () => {
    for (const source of REPORT_SOURCES) {
      const columns = reportColumns(source).map((c) => c.key);
      const result = updateBody(
        { name: 'All', description: '', version: 1 },
        { columns, filters: [], sort: null, chart: null },
        source,
      );
      expect(result.ok).toBe(true);
    }
  });
});

describe('a saved report that shows what the role may not see', () => {
  const profitByCustomer = {
    source: 'shipments' as const,
    columns: ['number', 'customer', 'revenue', 'profit'],
    filters: [{ field: 'status', op: 'equals' as const, value: 'closed' }],
    sort: null,
    chart: { groupBy: 'customer', measure: 'profit' },
  };

  it('names the money columns for a role without shipments.charges, and none for one with it', () => {
    const operations = role({ shipments: ['read', 'create', 'update', 'delete'], reports: ['read', 'update'] });
    const admin = role({ shipments: ['read', 'create', 'update', 'delete', 'charges'], reports: ['read', 'update'] });
    expect(columnsNotOffered(operations, profitByCustomer)).toEqual(['revenue', 'profit']);
    expect(columnsNotOffered(admin, profitByCustomer)).toEqual([]);
    expect(columnsNotOffered(operations, { ...profitByCustomer, columns: ['number'], chart: null })).toEqual([]);
  });
});
