/**
 * Test helpers that cover every route of every service: the services built on one test database, each
 * with the route list Fastify registered (so a route added later is covered without editing a test),
 * and a digest of every table (so a test can prove that refused requests stored nothing).
 */
import type { ServiceName } from '../../src/shared/services.ts';
import type { Database } from '../db/database.ts';
import type { App } from '../http/build-service-app.ts';
import { routeDeclarations, type RouteDeclaration } from '../http/route-permission.ts';
import { buildTestApp } from '../testing/test-apps.ts';
import { SERVICE_MODULES } from './index.ts';

export interface BuiltService {
  service: ServiceName;
  app: App;
  routes: readonly RouteDeclaration[];
}

export async function buildAllServices(db: Database): Promise<BuiltService[]> {
  const built: BuiltService[] = [];
  for (const service of Object.keys(SERVICE_MODULES) as ServiceName[]) {
    const { app } = await buildTestApp(service, db);
    built.push({ service, app, routes: routeDeclarations(app) });
  }
  return built;
}

/** A callable URL for a route pattern: `:id` becomes `id`, any other parameter `other`. */
export function concreteUrl(pattern: string, values: { id: string; other: string }): string {
  return pattern.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(name === 'id' ? values.id : values.other));
}

/** One digest per table of the schema, over every row of every tenant. */
export async function databaseDigest(db: Database): Promise<Record<string, string>> {
  const owner = db.owner();
  const { rows: tables } = await owner.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await owner.query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
         FROM "${name.replace(/"/g, '""')}" t`,
    );
    out[name] = `${rows[0]!.n}:${rows[0]!.digest ?? ''}`;
  }
  return out;
}

/**
 * Empties the role of `email`: the user keeps a live session, but the role no longer allows anything (the
 * caller every "refused before anything else" test sends).
 */
export async function revokeAllPermissions(db: Database, email: string): Promise<void> {
  await db
    .owner()
    .query(`UPDATE roles SET permissions = '{}'::jsonb WHERE id = (SELECT role_id FROM users WHERE email = $1)`, [
      email,
    ]);
}
