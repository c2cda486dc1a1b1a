/**
 * The demo data of CONTRACT.md section 3: three companies, their roles and five users, all with the
 * password `Freight!2026`. Seeded into an empty embedded database, or any database with SEED_DEMO=1.
 */
import { allPermissions, PERMISSION_ACTIONS, type Permissions } from '../../src/shared/permissions.ts';
import type { Database, Queryable } from '../db/database.ts';
import { hashPassword } from '../modules/iam/passwords/password-hash.ts';
import { insertDefaultDropdowns } from '../modules/master/dropdown-repository.ts';

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

const PRODUCTS = [
  { code: 'freight', name: 'Freight Management' },
  { code: 'contacts', name: 'Contacts' },
  { code: 'reports', name: 'Reports' },
];

function operationsPermissions(): Permissions {
  const all = allPermissions();
  delete all.users;
  delete all.roles;
  delete all.company;
  return { ...all, audit: ['read'], products: ['read'], reference: [...PERMISSION_ACTIONS] };
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function insertCompany(
  tx: Queryable,
  company: { name: string; shortName: string; expiry: string; country: string; currency: string; timezone: string },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO companies (name, short_name, plan_expiry_date, operating_country, currency, timezone, plan_name)
     VALUES ($1, $2, $3, $4, $5, $6, 'business') RETURNING id`,
    [company.name, company.shortName, company.expiry, company.country, company.currency, company.timezone],
  );
  return rows[0]!.id;
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    return rows[0]!.n === 0;
  });
}

export async function seedDemo(db: Database, now: Date = new Date()): Promise<void> {
  const oneYearAhead = new Date(now);
  oneYearAhead.setUTCFullYear(oneYearAhead.getUTCFullYear() + 1);
  const yesterday = new Date(now.getTime() - 24 * 3600 * 1000);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    for (const p of PRODUCTS) {
      await tx.query('INSERT INTO products (code, name) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING', [
        p.code,
        p.name,
      ]);
    }
    const companies = new Map<string, string>();
    companies.set(
      'Demo Freight',
      await insertCompany(tx, {
        name: 'Demo Freight',
        shortName: 'DEMO',
        expiry: isoDate(oneYearAhead),
        country: 'US',
        currency: 'USD',
        timezone: 'America/New_York',
      }),
    );
    companies.set(
      'Harbor Logistics',
      await insertCompany(tx, {
        name: 'Harbor Logistics',
        shortName: 'HARBOR',
        expiry: isoDate(oneYearAhead),
        country: 'NL',
        currency: 'EUR',
        timezone: 'Europe/Amsterdam',
      }),
    );
    companies.set(
      'Expired Cargo',
      await insertCompany(tx, {
        name: 'Expired Cargo',
        shortName: 'EXPIRED',
        expiry: isoDate(yesterday),
        country: 'GB',
        currency: 'GBP',
        timezone: 'Europe/London',
      }),
    );

    const roles = new Map<string, string>();
    for (const [companyName, companyId] of companies) {
      await tx.query(`INSERT INTO company_products (company_id, product_id) SELECT $1, id FROM products`, [companyId]);
      await insertDefaultDropdowns(tx, companyId);
      for (const [roleName, permissions] of [
        ['Admin', allPermissions()],
        ['Operations', operationsPermissions()],
      ] as const) {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO roles (company_id, name, description, permissions, is_system) VALUES ($1, $2, $3, $4, true) RETURNING id`,
          [
            companyId,
            roleName,
            roleName === 'Admin' ? 'Every permission' : 'Day-to-day operations',
            JSON.stringify(permissions),
          ],
        );
        roles.set(`${companyName}/${roleName}`, rows[0]!.id);
      }
    }

    for (const user of DEMO_USERS) {
      const local = user.email.split('@')[0]!;
      const firstName = local.charAt(0).toUpperCase() + local.slice(1);
      const lastName = user.company.split(' ')[0]!;
      await tx.query(
        `INSERT INTO users (company_id, email, name, first_name, last_name, password_hash, email_verified, role_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          companies.get(user.company),
          user.email,
          `${firstName} ${lastName}`,
          firstName,
          lastName,
          passwordHash,
          user.email !== 'unverified@demo.test',
          roles.get(`${user.company}/${user.role}`),
        ],
      );
    }
  });
}
