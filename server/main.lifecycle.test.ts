/**
 * The real entry point as a process: all eight listeners healthy, SIGTERM and SIGINT stop it with exit
 * code 0, and a restart keeps the data (no second seed, same ids).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, SERVICES, servicePrefix } from '../src/shared/services.ts';
import { openDatabase, quoteIdent } from './db/database.ts';
import { testDriver } from './testing/test-database.ts';

const driver = testDriver();
// Listeners below 32768: Linux hands out 32768–60999 as source ports of outgoing connections (the
// PostgreSQL suite opens many), and one of those taking a listener's port made the start fail now and then.
const offset = driver === 'pglite' ? 20000 : 21000;
let dir: string;
const schema = `lifecycle_${process.pid}`;

function env(): NodeJS.ProcessEnv {
  const base = {
    ...process.env,
    PORT_OFFSET: String(offset),
    WEB_ROOT: path.join(dir, 'web'),
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
  };
  if (driver === 'postgres')
    return { ...base, DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SEED_DEMO: '1' };
  return { ...base, DATABASE_URL: '', DATA_DIR: path.join(dir, 'pglite') };
}

const children = new Set<ChildProcess>();

function start(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${out}`)), 45_000);
    child.stdout!.on('data', () => {
      if (out.includes('Press Ctrl-C to stop')) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code} before starting:\n${out}`)));
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function companyIds(): Promise<string[]> {
  const db = await openDatabase(
    driver === 'postgres'
      ? { databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', schema }
      : { databaseUrl: undefined, dataDir: path.join(dir, 'pglite') },
  );
  try {
    const { rows } = await db.owner().query<{ id: string }>('SELECT id FROM companies ORDER BY name');
    return rows.map((r) => r.id);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-'));
  await import('node:fs/promises').then((fs) => fs.mkdir(path.join(dir, 'web')));
  await writeFile(path.join(dir, 'web', 'index.html'), '<!doctype html><title>Freight Desk</title>');
});
afterEach(() => {
  // A failed assertion must not leave a product running on the test ports.
  for (const child of children) child.kill('SIGKILL');
});
afterAll(async () => {
  if (driver === 'postgres') {
    const db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '' });
    await db.owner().query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await db.close();
  }
  await rm(dir, { recursive: true, force: true });
});

describe(`the product process on ${driver}`, () => {
  it('serves all eight listeners, stops on SIGTERM and SIGINT, and keeps its data across restarts', async () => {
    const first = await start();
    for (const name of SERVICE_NAMES) {
      const res = await fetch(`http://127.0.0.1:${SERVICES[name] + offset}${servicePrefix(name)}/health`);
      expect(res.status, first.output()).toBe(200);
      expect(await res.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
    }
    const web = await fetch(`http://127.0.0.1:${8080 + offset}/dashboard`);
    expect(await web.text()).toContain('<title>Freight Desk</title>');
    expect(first.output()).toContain('admin@demo.test');
    expect(await stop(first.child, 'SIGTERM'), first.output()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const seeded = await companyIds();
    expect(seeded).toHaveLength(3);

    const second = await start();
    expect(second.output()).not.toContain('demo data seeded');
    expect(await stop(second.child, 'SIGINT'), second.output()).toBe(0);
    expect(await companyIds()).toEqual(seeded);
  }, 120_000);

  it('refuses an unknown --service with a clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--service', 'nope'], { env: env() });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('Unknown service "nope"');
  });
});
