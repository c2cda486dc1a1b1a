/**
 * The demo data of CONTRACT.md section 3: three companies (made as every company is, by
 * company-provisioning) and five users, all with the password `Freight!2026`. Seeded into an empty
 * embedded database, or any database with SEED_DEMO=1.
 */
import type { Database } from '../db/database.ts';
import {
  provisionCompany,
  type CompanyProfile,
  type ProvisionedCompany,
} from '../modules/iam/companies/company-provisioning.ts';
import { countCompanies } from '../modules/iam/companies/company-repository.ts';
import { hashPassword } from '../modules/iam/passwords/password-hash.ts';
import { insertUserWithPassword } from '../modules/iam/users/user-repository.ts';

export const DEMO_PASSWORD = 'Freight!2026';

export const DEMO_USERS = [
  { email: 'admin@demo.test', company: 'Demo Freight', role: 'Admin', note: 'Admin: every permission' },
  {
    email: 'ops@demo.test',
    company: 'Demo Freight',
    role: 'Operations',
    note: 'Operations: no users, roles or company settings',
  },
  { email: 'unverified@demo.test', company: 'Demo Freight', role: 'Operations', note: 'e-mail not verified' },
  { email: 'admin@harbor.test', company: 'Harbor Logistics', role: 'Admin', note: 'Admin of the second tenant' },
  { email: 'admin@expired.test', company: 'Expired Cargo', role: 'Admin', note: 'Admin; plan expired yesterday' },
] as const;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => (await countCompanies(tx)) === 0);
}

export async function seedDemo(db: Database, now: Date = new Date()): Promise<void> {
  const oneYearAhead = new Date(now);
  oneYearAhead.setUTCFullYear(oneYearAhead.getUTCFullYear() + 1);
  const yesterday = new Date(now.getTime() - 24 * 3600 * 1000);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const profiles: CompanyProfile[] = [
    {
      planName: 'business',
      name: 'Demo Freight',
      shortName: 'DEMO',
      expiryDate: isoDate(oneYearAhead),
      operatingCountry: 'US',
      currency: 'USD',
      timezone: 'America/New_York',
    },
    {
      planName: 'business',
      name: 'Harbor Logistics',
      shortName: 'HARBOR',
      expiryDate: isoDate(oneYearAhead),
      operatingCountry: 'NL',
      currency: 'EUR',
      timezone: 'Europe/Amsterdam',
    },
    {
      planName: 'business',
      name: 'Expired Cargo',
      shortName: 'EXPIRED',
      expiryDate: isoDate(yesterday),
      operatingCountry: 'GB',
      currency: 'GBP',
      timezone: 'Europe/London',
    },
  ];

  await db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const companies = new Map<string, ProvisionedCompany>();
    for (const profile of profiles) companies.set(profile.name, await provisionCompany(tx, profile));

    for (const user of DEMO_USERS) {
      const local = user.email.split('@')[0]!;
      const firstName = local.charAt(0).toUpperCase() + local.slice(1);
      const lastName = user.company.split(' ')[0]!;
      const company = companies.get(user.company)!;
      await insertUserWithPassword(tx, {
        companyId: company.companyId,
        email: user.email,
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        passwordHash,
        emailVerified: user.email !== 'unverified@demo.test',
        roleId: company.roleIds[user.role],
        isSuperAdmin: false,
      });
    }
  });
}
