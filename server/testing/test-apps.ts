/**
 * The services built on a test database, not listening: tests call them with `app.inject()`.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import type { ServiceName } from '../../src/shared/services.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { buildServiceApp, type App, type ServiceDeps, type ServiceModule } from '../http/build-service-app.ts';
import { createLogger } from '../http/logger.ts';
import { SERVICE_MODULES } from '../modules/index.ts';
import { createDeps } from '../product.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** Log lines written during the test, parsed, for asserting what logs contain. */
export interface CapturedLogs {
  lines: Array<Record<string, unknown>>;
  raw: string[];
}

export function captureLogger() {
  const captured: CapturedLogs = { lines: [], raw: [] };
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const text = chunk.toString('utf8');
      captured.raw.push(text);
      for (const line of text.split('\n').filter(Boolean))
        captured.lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('debug', stream);
  return { logger, captured };
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

export async function buildTestApp(
  service: ServiceName,
  db: Database,
  options: { modules?: ServiceModule[]; config?: Partial<ServerConfig>; now?: () => Date } = {},
): Promise<{ app: App; deps: ServiceDeps; captured: CapturedLogs }> {
  const { logger, captured } = captureLogger();
  const deps: ServiceDeps = await createDeps(db, testConfig(options.config), options.now ?? (() => new Date()));
  const app = await buildServiceApp({ service, deps, logger, modules: options.modules ?? SERVICE_MODULES[service] });
  await app.ready();
  return { app, deps, captured };
}

/** What {@link setUpTestApp} hands its test file: the database and the service built on it. */
export type BuiltTestApp = Awaited<ReturnType<typeof buildTestApp>> & { t: TestDatabase };

/**
 * The set-up of a test file that calls one service: before its tests, a fresh test database and `service`
 * built on it, handed to `ready` (which keeps what the file needs and may sign in its users); after them,
 * both closed.
 */
export function setUpTestApp(
  service: ServiceName,
  ready: (built: BuiltTestApp) => unknown,
  options?: Parameters<typeof buildTestApp>[2],
): void {
  let built: BuiltTestApp | undefined;
  beforeAll(async () => {
    const t = await createTestDatabase();
    built = { t, ...(await buildTestApp(service, t.db, options)) };
    await ready(built);
  });
  afterAll(async () => {
    await built?.app.close();
    await built?.t.close();
  });
}
