// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n';
import {
  businessTypeName,
  picklistGroupLabel,
  picklistOptionLabel,
  roleDescription,
  roleName,
  SEEDED_ENGLISH,
} from './system-records';

const seed = readFileSync('server/modules/iam/companies/company-provisioning.ts', 'utf8');
/** One `export const NAME … = [ … ];` list of the seed. */
const list = (name: string) => {
  const start = seed.indexOf(`export const ${name}`);
  return seed.slice(start, seed.indexOf('];', start));
};

describe('system records', () => {
  afterEach(() => setLanguage('en'));

  it('know every record the server seeds, with the seed’s English', () => {
    const expected: Record<string, string> = {};
    for (const m of list('DEFAULT_BUSINESS_TYPES').matchAll(/\{ code: '([a-z_]+)', name: '([^']+)' \}/g))
      expected[`businessType.${m[1]}`] = m[2]!;
    for (const m of list('DEFAULT_ROLES').matchAll(/\{ name: '(Admin|Operations)', description: '([^']+)'/g)) {
      expected[`role.${m[1]}`] = m[1]!;
      expected[`roleDescription.${m[1]}`] = m[2]!;
    }
    for (const m of list('DEFAULT_PICKLISTS').matchAll(
      /\{ group: '([a-z_]+)', value: '([^']+)', label: (?:'([^']+)'|"([^"]+)") \}/g,
    ))
      expected[`option.${m[1]}.${m[2]}`] = (m[3] ?? m[4])!;
    for (const m of list('DEFAULT_PICKLIST_GROUPS').matchAll(/\{ name: '([a-z_]+)', label: '([^']+)' \}/g))
      expected[`group.${m[1]}`] = m[2]!;
    // The shipments module's picklists (issue 26): names with a dash.
    for (const m of list('SHIPMENT_PICKLISTS').matchAll(
      /\{ group: '([a-z-]+)', value: '([^']+)', label: '([^']+)' \}/g,
    ))
      expected[`option.${m[1]}.${m[2]}`] = m[3]!;
    for (const m of list('SHIPMENT_PICKLIST_GROUPS').matchAll(/\{ name: '([a-z-]+)', label: '([^']+)' \}/g))
      expected[`group.${m[1]}`] = m[2]!;
    expect(Object.keys(expected).length).toBeGreaterThan(30);
    expect({ ...SEEDED_ENGLISH }).toEqual(expected);
  });

  it('show a seeded record in the user’s language, and a renamed or own record as typed', async () => {
    await setLanguage('es');
    expect(businessTypeName({ code: 'customs_broker', name: 'Customs broker' })).toBe('Agente de aduanas');
    expect(businessTypeName({ code: 'customs_broker', name: 'Brokers we trust' })).toBe('Brokers we trust');
    expect(businessTypeName({ code: 'bonded', name: 'Bonded store' })).toBe('Bonded store');
    expect(roleName({ isSystem: true, name: 'Operations' })).toBe('Operaciones');
    expect(roleDescription({ isSystem: true, name: 'Admin', description: 'Every permission' })).toBe(
      'Todos los permisos',
    );
    expect(roleName({ isSystem: false, name: 'Admin' })).toBe('Admin');
    expect(picklistGroupLabel({ name: 'shipment_mode', label: 'Shipment mode' })).toBe('Modo de envío');
    expect(picklistOptionLabel({ group: 'shipment_mode', value: 'ocean', label: 'Ocean' })).toBe('Marítimo');
    expect(picklistOptionLabel({ group: 'charge-codes', value: 'THC', label: 'Terminal handling' })).toBe(
      'Manipulación en terminal',
    );
    await setLanguage('en');
    expect(businessTypeName({ code: 'customs_broker', name: 'Customs broker' })).toBe('Customs broker');
  });
});
