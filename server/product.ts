/**
 * Starts the product in this process: opens the database, applies migrations, seeds the demo data
 * where docs/api.md section 3 says so, and opens one listener per service plus the web app.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { SERVICE_NAMES, type ServiceName } from '../src/shared/services.ts';
import type { ServerConfig } from './config.ts';
import { openConfiguredDatabase, type Database } from './db/database.ts';
import { assertLoginRoleCannotEscape } from './db/login-role-repository.ts';
import { migrate } from './db/migrate.ts';
import { EMBEDDED_ANALYZE_INTERVAL_MS, refreshEmbeddedStatistics } from './db/statistics-repository.ts';
import { buildServiceApp, type ServiceDeps } from './http/build-service-app.ts';
import { IDEMPOTENCY_SWEEP_INTERVAL_MS, sweepExpiredIdempotencyKeys } from './http/idempotency.ts';
import { loadSigningKey } from './auth/signing-key.ts';
import { createTokenService } from './auth/token-service.ts';
import { SERVICE_MODULES } from './modules/index.ts';
import { isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { buildStaticSite } from './web/static-site.ts';

export interface StartOptions {
  config: ServerConfig;
  logger: Logger;
  /** One service alone (`--service`), or all eight plus the web app. */
  only?: ServiceName | undefined;
  /** Listen on ports (default) or only build the apps (tests use `inject`). */
  listen?: boolean;
}

export interface RunningProduct {
  db: Database;
  apps: Map<ServiceName | 'web', FastifyInstance>;
  /** Stops accepting, finishes in-flight requests, then closes the database (flushing PGlite to disk). */
  close(): Promise<void>;
}

export async function prepareDatabase(config: ServerConfig, logger: Logger): Promise<Database> {
  const db = await openConfiguredDatabase(config);
  try {
    const applied = await migrate(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    await assertLoginRoleCannotEscape(db);
    const embedded = db.driver === 'pglite';
    if ((embedded || config.seedDemo) && (await isDatabaseEmpty(db))) {
      await seedDemo(db);
      logger.info('demo data seeded');
    }
    await refreshEmbeddedStatistics(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

export async function createDeps(
  db: Database,
  config: ServerConfig,
  now: () => Date = () => new Date(),
): Promise<ServiceDeps> {
  const key = await loadSigningKey(db, config.jwtSecret);
  const tokens = createTokenService({
    key,
    audience: config.tokenAudience,
    accessTokenTtl: config.accessTokenTtl,
    refreshTokenTtl: config.refreshTokenTtl,
  });
  return { db, config, now, tokens };
}

export async function startProduct(options: StartOptions): Promise<RunningProduct> {
  const { config, logger } = options;
  const db = await prepareDatabase(config, logger);
  const deps = await createDeps(db, config);
  const apps = new Map<ServiceName | 'web', FastifyInstance>();
  const services = options.only ? [options.only] : SERVICE_NAMES;

  // The embedded database has no autovacuum: its statistics are refreshed while the product runs.
  const analyse =
    db.driver === 'pglite'
      ? setInterval(() => {
          refreshEmbeddedStatistics(db).catch((error: unknown) => logger.warn({ err: error }, 'ANALYZE failed'));
        }, EMBEDDED_ANALYZE_INTERVAL_MS).unref()
      : undefined;

  // Every instance sweeps (any of them may run alone); the deletes are harmless when they meet.
  const sweepKeys = () => {
    sweepExpiredIdempotencyKeys(db, deps.now()).catch((error: unknown) =>
      logger.warn({ err: error }, 'sweeping expired idempotency keys failed'),
    );
  };
  sweepKeys();
  const sweep = setInterval(sweepKeys, IDEMPOTENCY_SWEEP_INTERVAL_MS).unref();

  const close = async () => {
    clearInterval(analyse);
    clearInterval(sweep);
    await Promise.allSettled([...apps.values()].map((app) => app.close()));
    await db.close();
  };

  try {
    for (const service of services) {
      apps.set(service, await buildServiceApp({ service, deps, logger, modules: SERVICE_MODULES[service] }));
    }
    if (!options.only)
      apps.set('web', await buildStaticSite({ root: config.webRoot, logger, security: config.webSecurity }));

    if (options.listen !== false) {
      await Promise.all(
        [...apps.entries()].map(([name, app]) =>
          app.listen({ host: config.host, port: name === 'web' ? config.webPort : config.servicePorts[name] }),
        ),
      );
    } else {
      await Promise.all([...apps.values()].map((app) => app.ready()));
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { db, apps, close };
}
