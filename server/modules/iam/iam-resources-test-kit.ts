/**
 * Test helpers for the iam resources: sign-in through the real login route, a super admin, and a
 * checksum of every table a resource write can touch (to prove that a refused request stored nothing).
 */
import { expect } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { App } from '../../http/build-service-app.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';

export const IAM = '/iamserver/api/v1';
export const LOG = '/logserver/api/v1';

let address = 0;

/** The `Authorization` header of a fresh session of `email` (a new client address each time, to avoid throttling). */
export async function signIn(app: App, email: string): Promise<{ authorization: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `${IAM}/auth/login`,
    payload: { emailId: email, password: DEMO_PASSWORD },
    remoteAddress: `10.77.${Math.floor(++address / 250) % 250}.${address % 250}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${(res.json() as { data: { accessToken: string } }).data.accessToken}` };
}

export async function makeSuperAdmin(db: Database, email: string): Promise<void> {
  await db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
    tx.query('UPDATE users SET is_super_admin = true WHERE email = $1', [email]),
  );
}

export async function companyIdOf(db: Database, name: string): Promise<string> {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM companies WHERE name = $1', [name]);
    return rows[0]!.id;
  });
}

/** Ids of one company's rows, by table, for calling routes with another tenant's ids. */
export async function idsOf(db: Database, companyId: string): Promise<Record<string, string[]>> {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const out: Record<string, string[]> = {};
    for (const table of ['users', 'roles', 'user_groups', 'issues']) {
      const { rows } = await tx.query<{ id: string }>(`SELECT id::text FROM ${table} WHERE company_id = $1`, [
        companyId,
      ]);
      out[table] = rows.map((r) => r.id);
    }
    return out;
  });
}

export const CHECKED_TABLES = [
  'companies',
  'company_products',
  'users',
  'roles',
  'user_groups',
  'user_group_members',
  'issues',
  'audit_log',
  'idempotency_keys',
] as const;

/** One digest per table over every row (all tenants), so that any stored change shows. */
export async function tableChecksums(db: Database): Promise<Record<string, string>> {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const out: Record<string, string> = {};
    for (const table of CHECKED_TABLES) {
      const { rows } = await tx.query<{ n: number; digest: string | null }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${table} t`,
      );
      out[table] = `${rows[0]!.n}:${rows[0]!.digest ?? ''}`;
    }
    return out;
  });
}

export async function auditCount(db: Database, where: { action: string; entityId?: string }): Promise<number> {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND ($2::text IS NULL OR entity_id = $2)',
      [where.action, where.entityId ?? null],
    );
    return rows[0]!.n;
  });
}

export interface RecordedRoute {
  method: string;
  url: string;
}

/**
 * Every route the instance serves (HEAD and OPTIONS left out), read back from Fastify's own route tree,
 * so that a test enumerating them cannot forget a route added later.
 */
export function registeredRoutes(app: App): RecordedRoute[] {
  const routes: RecordedRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+)(?: \(([^)]*)\))?\s*$/.exec(line);
    if (!match) continue;
    const depth = Math.round(match[1]!.length / 4);
    const url = (depth > 0 ? (stack[depth - 1] ?? '') : '') + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
    }
  }
  return routes;
}
