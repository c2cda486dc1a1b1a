/**
 * Creates a company, its Admin and Operations roles and its first admin user: how a production database,
 * which starts empty, gets its first tenant (and, with --super-admin, its first super admin).
 *
 *   echo "$PASSWORD" | npm run admin -- --company "Acme Freight" --email admin@acme.example --name "Ada Admin" [--super-admin] [--plan-expiry 2027-12-31]
 *
 * The password is read from standard input, never from the command line (which `ps` shows to everyone).
 */
import { parseArgs } from 'node:util';
import { allPermissions } from '../../src/shared/permissions.ts';
import { checkPassword, DEFAULT_PASSWORD_POLICY } from '../../src/shared/password-policy.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../modules/iam/passwords/password-hash.ts';
import { insertDefaultDropdowns } from '../modules/master/dropdown-repository.ts';

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
    const existing = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [input.email]);
    if (existing.rows.length > 0) throw new Error(`A user with the e-mail ${input.email} already exists`);
    const shortName =
      input.company
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 10)
        .toUpperCase() || 'COMPANY';
    const { rows: companies } = await tx.query<{ id: string }>(
      'INSERT INTO companies (name, short_name, plan_expiry_date) VALUES ($1, $2, $3) RETURNING id',
      [input.company, shortName, input.planExpiry],
    );
    const companyId = companies[0]!.id;
    await tx.query('INSERT INTO company_products (company_id, product_id) SELECT $1, id FROM products', [companyId]);
    await insertDefaultDropdowns(tx, companyId);
    const { rows: roles } = await tx.query<{ id: string }>(
      `INSERT INTO roles (company_id, name, description, permissions, is_system)
       VALUES ($1, 'Admin', 'Every permission', $2, true) RETURNING id`,
      [companyId, JSON.stringify(allPermissions())],
    );
    const [firstName = '', ...rest] = input.name.trim().split(/\s+/);
    const { rows: users } = await tx.query<{ id: string }>(
      `INSERT INTO users (company_id, email, name, first_name, last_name, password_hash, email_verified, role_id, is_super_admin)
       VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8) RETURNING id`,
      [
        companyId,
        input.email.toLowerCase(),
        input.name.trim(),
        firstName,
        rest.join(' '),
        passwordHash,
        roles[0]!.id,
        input.superAdmin,
      ],
    );
    const userId = users[0]!.id;
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
  const planExpiry = values['plan-expiry'] ?? new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(planExpiry)) throw new Error('--plan-expiry must be YYYY-MM-DD');
  const password = await readStdin();
  const { loadConfig } = await import('../config.ts');
  const { openDatabase } = await import('../db/database.ts');
  const { migrate } = await import('../db/migrate.ts');
  const config = loadConfig();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
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
