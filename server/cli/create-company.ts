/**
 * Creates a company and its first admin user (through company-provisioning, as every company is made):
 * how a production database, which starts empty, gets its first tenant (and, with --super-admin, its
 * first super admin).
 *
 *   echo "$PASSWORD" | npm run admin -- --company "Acme Freight" --email admin@acme.example --name "Ada Admin" [--super-admin] [--plan-expiry 2027-12-31]
 *
 * The password is read from standard input, never from the command line (which `ps` shows to everyone).
 */
import { parseArgs } from 'node:util';
import { addDays } from 'date-fns/addDays';
import { formatCalendarDay, utcCalendarDay } from '../../src/shared/dates.ts';
import { checkPassword, DEFAULT_PASSWORD_POLICY } from '../../src/shared/password-policy.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { Database } from '../db/database.ts';
import { provisionCompany } from '../modules/iam/companies/company-provisioning.ts';
import { hashPassword } from '../modules/iam/passwords/password-hash.ts';

export interface NewCompany {
  company: string;
  email: string;
  name: string;
  password: string;
  superAdmin: boolean;
  planExpiry: string;
}

export async function createCompanyWithAdmin(
  db: Database,
  input: NewCompany,
): Promise<{ companyId: string; userId: string }> {
  const verdict = checkPassword(DEFAULT_PASSWORD_POLICY, input.password);
  if (!verdict.ok) throw new Error(`The password does not meet the policy: ${verdict.failures.join(', ')}`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const shortName =
      input.company
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 10)
        .toUpperCase() || 'COMPANY';
    const [firstName = '', ...rest] = input.name.trim().split(/\s+/);
    const { companyId, adminUserId: userId } = await provisionCompany(
      tx,
      { name: input.company, shortName, expiryDate: input.planExpiry },
      {
        email: input.email,
        name: input.name.trim(),
        firstName,
        lastName: rest.join(' '),
        password: { hash: passwordHash },
        isSuperAdmin: input.superAdmin,
      },
    );
    await recordAudit(tx, {
      companyId,
      actorUserId: null,
      action: 'company.create',
      entity: 'company',
      entityId: companyId,
      changes: { name: input.company, adminEmail: input.email, superAdmin: input.superAdmin, via: 'command line' },
    });
    return { companyId, userId };
  });
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new Error('Pipe the password on standard input (it is never taken as an argument).');
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      company: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      'super-admin': { type: 'boolean', default: false },
      'plan-expiry': { type: 'string' },
    },
  });
  if (!values.company || !values.email || !values.name) {
    throw new Error(
      'Usage: echo "$PASSWORD" | npm run admin -- --company NAME --email E-MAIL --name "FULL NAME" [--super-admin] [--plan-expiry YYYY-MM-DD]',
    );
  }
  const planExpiry = values['plan-expiry'] ?? formatCalendarDay(addDays(utcCalendarDay(new Date()), 365));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(planExpiry)) throw new Error('--plan-expiry must be YYYY-MM-DD');
  const password = await readStdin();
  const { loadConfig } = await import('../config.ts');
  const { openConfiguredDatabase } = await import('../db/database.ts');
  const { migrate } = await import('../db/migrate.ts');
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  try {
    await migrate(db);
    const created = await createCompanyWithAdmin(db, {
      company: values.company,
      email: values.email,
      name: values.name,
      password,
      superAdmin: values['super-admin'] ?? false,
      planExpiry,
    });
    console.log(`Created company ${values.company} (${created.companyId}) with admin ${values.email}.`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
