// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { auditEnglish, describeAudit, isDescribedAction } from './describe-audit';
import { spanish } from './describe-audit.es';

const entry = (action: string, entity: string, changes: Record<string, unknown> = {}) => ({
  action,
  entity,
  actorName: 'Admin Demo',
  changes,
});

/** The repositories that name the audit log's columns (`action: 'a.action'`), not actions. */
const COLUMN_MAPS = ['audit-log-repository.ts', 'report-run-repository.ts'];

/** Every `.ts` file of the server but its tests and the column maps. */
function serverSources(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return serverSources(path);
    const source = item.name.endsWith('.ts') && !item.name.endsWith('.test.ts') && !COLUMN_MAPS.includes(item.name);
    return source ? [path] : [];
  });
}

/** The actions the services write: the literal ones, and `<entity>.create|update|delete` of each resource. */
function serverActions(): string[] {
  const actions = new Set<string>();
  for (const file of serverSources()) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/action: '([a-zA-Z]+\.[a-z_]+)'/g)) actions.add(m[1]!);
    for (const m of source.matchAll(/actions: \{([^}]*)\}/g))
      for (const a of m[1]!.matchAll(/'([a-zA-Z]+\.[a-z_]+)'/g)) actions.add(a[1]!);
    // A resource of the kit declares `entity: '…'` (or iamResourceNames('…', …), or a constant).
    const entities = [
      ...source.matchAll(/^ {2}entity: '([a-zA-Z]+)',$/gm),
      ...source.matchAll(/iamResourceNames\('([a-zA-Z]+)'/g),
      ...source.matchAll(/_ENTITY = '([a-zA-Z]+)'/g),
    ].map((m) => m[1]!);
    for (const entity of entities) for (const verb of ['create', 'update', 'delete']) actions.add(`${entity}.${verb}`);
  }
  return [...actions].sort();
}

describe('describeAudit', () => {
  afterEach(() => setLanguage('en'));

  it('has words for every action the server writes', () => {
    const actions = serverActions();
    expect(actions).toContain('auth.login');
    expect(actions).toContain('shipment.update');
    expect(actions).toContain('reportSketch.create');
    expect(actions.filter((action) => !isDescribedAction(action))).toEqual([]);
  });

  it('says what happened, never the code', () => {
    expect(describeAudit(entry('auth.login', 'session'))).toBe('Admin Demo signed in');
    expect(describeAudit(entry('reportSketch.create', 'reportSketch', { after: { name: 'Q3 sales' } }))).toBe(
      'Admin Demo created the report “Q3 sales”',
    );
    expect(describeAudit(entry('shipment.update', 'shipment', { before: { eta: 'x' }, after: { eta: 'y' } }))).toBe(
      'Admin Demo changed a shipment',
    );
    expect(describeAudit(entry('shipment.delete', 'shipment', { before: { number: 'SHP-2026-000123' } }))).toBe(
      'Admin Demo deleted the shipment SHP-2026-000123',
    );
    expect(describeAudit(entry('user.role_change', 'user', { after: { roleName: 'Operations' } }))).toBe(
      'Admin Demo gave a user the role “Operations”',
    );
    expect(describeAudit(entry('company.plan_change', 'company', { after: { name: 'Acme' } }))).toBe(
      'Admin Demo changed the plan of the company “Acme”',
    );
    expect(describeAudit(entry('something.odd', 'thing'))).toBe('Admin Demo made a change');
    expect(describeAudit({ ...entry('auth.logout', 'session'), actorName: null })).toBe('Someone signed out');
    expect(describeAudit(entry('auth.login', 'session'), 'Ana Ruiz')).toBe('Ana Ruiz signed in');
  });

  it('speaks Spanish, with the same placeholders', async () => {
    await setLanguage('es');
    expect(describeAudit(entry('auth.login', 'session'))).toBe('Admin Demo inició sesión');
    expect(describeAudit(entry('reportSketch.create', 'reportSketch', { after: { name: 'Ventas' } }))).toBe(
      'Admin Demo creó el informe «Ventas»',
    );
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, english] of Object.entries(auditEnglish))
      expect(placeholders(spanish[key as keyof typeof spanish]), key).toEqual(placeholders(english));
  });
});
