/**
 * The demo data of docs/api.md section 3: three companies (made as every company is, by
 * company-provisioning, with their first admins) and five users, all with the password `Freight!2026`.
 * Seeded into an empty embedded database, or any database with SEED_DEMO=1; with SEED_SUPER_ADMIN set, a
 * super admin too (see `seedDemo`).
 */
import { addYears } from 'date-fns/addYears';
import { subDays } from 'date-fns/subDays';
import type { Database } from '../db/database.ts';
import {
  provisionCompany,
  type CompanyProfile,
  type ProvisionedCompany,
} from '../modules/iam/companies/company-provisioning.ts';
import { countCompanies } from '../modules/iam/companies/company-repository.ts';
import { hashPassword } from '../modules/iam/passwords/password-hash.ts';
import { insertUserWithPassword } from '../modules/iam/users/user-repository.ts';
import { reportSketchRepository } from '../modules/reports/report-sketch-repository.ts';
import { seedDemoShipments } from './demo-shipments.ts';
import { formatCalendarDay, utcCalendarDay } from '../../src/shared/dates.ts';

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

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => (await countCompanies(tx)) === 0);
}

/** The company of the opt-in super admin (`SEED_SUPER_ADMIN`). */
export const SUPPORT_COMPANY = 'Freight Desk Support';

/**
 * `superAdminEmail` (the environment's `SEED_SUPER_ADMIN` unless given): when set, a super admin with
 * that address and the demo password is seeded too, as the admin of "Freight Desk Support". The demo
 * users themselves are never super admins.
 */
export async function seedDemo(
  db: Database,
  now: Date = new Date(),
  superAdminEmail: string | undefined = process.env.SEED_SUPER_ADMIN,
): Promise<void> {
  const today = utcCalendarDay(now);
  const tenYearsAhead = formatCalendarDay(addYears(today, 10));
  const oneYearAhead = formatCalendarDay(addYears(today, 1));
  const yesterday = formatCalendarDay(subDays(today, 1));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const profiles: CompanyProfile[] = [
    {
      planName: 'business',
      name: 'Demo Freight',
      shortName: 'DEMO',
      expiryDate: oneYearAhead,
      operatingCountry: 'US',
      currency: 'USD',
      timezone: 'America/New_York',
    },
    {
      planName: 'business',
      name: 'Harbor Logistics',
      shortName: 'HARBOR',
      expiryDate: oneYearAhead,
      operatingCountry: 'NL',
      currency: 'EUR',
      timezone: 'Europe/Amsterdam',
    },
    {
      planName: 'business',
      name: 'Expired Cargo',
      shortName: 'EXPIRED',
      expiryDate: yesterday,
      operatingCountry: 'GB',
      currency: 'GBP',
      timezone: 'Europe/London',
    },
  ];

  const nameOf = (email: string, company: string) => {
    const local = email.split('@')[0]!;
    const firstName = local.charAt(0).toUpperCase() + local.slice(1);
    const lastName = company.split(' ')[0]!;
    return { firstName, lastName, name: `${firstName} ${lastName}` };
  };

  await db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const companies = new Map<string, ProvisionedCompany>();
    // Each company's first admin is made with it, as every company's is; the other users join after.
    for (const profile of profiles) {
      const admin = DEMO_USERS.find((u) => u.company === profile.name && u.role === 'Admin')!;
      const provisioned = await provisionCompany(tx, profile, {
        email: admin.email,
        ...nameOf(admin.email, admin.company),
        password: { hash: passwordHash },
      });
      companies.set(profile.name, provisioned);
    }

    for (const user of DEMO_USERS) {
      const company = companies.get(user.company)!;
      if (user.role === 'Admin') continue;
      await insertUserWithPassword(tx, {
        companyId: company.companyId,
        email: user.email,
        ...nameOf(user.email, user.company),
        passwordHash,
        emailVerified: user.email !== 'unverified@demo.test',
        roleId: company.roleIds[user.role],
        isSuperAdmin: false,
      });
    }

    // Shipments (and the contacts they name) for the demo company and Harbor.
    const companyOf = (name: string) => {
      const company = companies.get(name)!;
      return { companyId: company.companyId, userId: company.adminUserId };
    };
    await seedDemoShipments(tx, { demo: companyOf('Demo Freight'), harbor: companyOf('Harbor Logistics') }, now);
    // The report the dashboard's profit panel leads to: closed jobs' money by customer, with its chart.
    const demo = companyOf('Demo Freight');
    await reportSketchRepository.insert(tx, {
      companyId: demo.companyId,
      createdBy: demo.userId,
      name: 'Profit by customer',
      description:
        'Closed jobs: revenue, cost, profit and margin in the base currency, by customer. Add a “Closed” filter for one month.',
      source: 'shipments',
      columns: ['number', 'customer', 'closedAt', 'revenue', 'cost', 'profit', 'marginPercent'],
      filters: [{ field: 'status', op: 'equals', value: 'closed' }],
      sort: { field: 'closedAt', direction: 'desc' },
      chart: { groupBy: 'customer', measure: 'profit' },
    });

    // Opt-in (demos and the e2e server): a super admin in a company of its own, who opens /app-admin.
    const superAdmin = superAdminEmail?.trim().toLowerCase();
    if (superAdmin) {
      await provisionCompany(
        tx,
        {
          planName: 'business',
          name: SUPPORT_COMPANY,
          shortName: 'SUPPORT',
          expiryDate: tenYearsAhead,
          operatingCountry: 'US',
          currency: 'USD',
          timezone: 'UTC',
        },
        {
          email: superAdmin,
          firstName: 'Support',
          lastName: 'Team',
          password: { hash: passwordHash },
          isSuperAdmin: true,
        },
      );
    }
  });
}
