/**
 * `GET /iamserver/api/v1/fetch-user` throughput with a valid access token, on PostgreSQL and on PGlite.
 * autocannon runs in its own process (its CLI) against 127.0.0.1: 50 connections, a 2 s warm-up run that
 * is discarded, then a 10 s measured run, bounded by -O in requests and by a hard kill in time.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchSchemaName, dropSchema, postgresEnv } from './postgres.ts';
import {
  cpuSeconds,
  login,
  procStatus,
  request,
  ROOT,
  round,
  serviceUrl,
  startProduct,
  type Figure,
  ensureBuilt,
} from './lib.ts';
import type { BenchContext } from './run-one.ts';

const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = 10;
/** Upper bound on requests per run, far above what 2 cores serve in 10 s. */
const MAX_REQUESTS = 400_000;

interface AutocannonResult {
  duration: number;
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}

function autocannon(url: string, token: string, seconds: number): Promise<AutocannonResult> {
  const args = [
    path.join(ROOT, 'node_modules/autocannon/autocannon.js'),
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-O',
    String(MAX_REQUESTS),
    '-t',
    '10',
    '-j',
    '-n',
    '-H',
    `Authorization=Bearer ${token}`,
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 20) * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!) as AutocannonResult);
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out.slice(-2000)} ${err.slice(-2000)}`));
      }
    });
  });
}

type Backend = 'postgres' | 'pglite';

async function measure(backend: Backend, offset: number): Promise<Figure[]> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `bench-fetch-user-${backend}-`));
  const schema = benchSchemaName('fetch_user');
  const env = backend === 'postgres' ? postgresEnv(schema) : { DATABASE_URL: '', DATA_DIR: path.join(tmp, 'pglite') };
  try {
    const product = await startProduct({ offset, env });
    try {
      const { accessToken, refreshToken } = await login(offset);
      const url = serviceUrl(offset, 'iamserver', '/fetch-user');
      // A few real answers first: 200 with the demo admin.
      const checks: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await request(url, { headers: { authorization: `Bearer ${accessToken}` } });
        const body = JSON.parse(res.body) as { data?: unknown };
        const ok =
          res.status === 200 &&
          Array.isArray(body.data) &&
          body.data.length === 1 &&
          res.body.includes('admin@demo.test');
        if (!ok) throw new Error(`fetch-user check failed on ${backend}: ${res.status} ${res.body.slice(0, 500)}`);
        checks.push(String(res.status));
      }
      const idle = await procStatus(product.pid);
      const load = os.loadavg()[0]!;
      await autocannon(url, accessToken, WARMUP_S);
      const cpuBefore = await cpuSeconds(product.pid);
      const r = await autocannon(url, accessToken, DURATION_S);
      const serverCpu = (await cpuSeconds(product.pid)) - cpuBefore;
      const after = await procStatus(product.pid);
      // Revocation is still checked on every call: right after the load, log the session out and call
      // once more with the same access token (the answers of the load must not be reused).
      const logout = await request(serviceUrl(offset, 'iamserver', '/auth/logout'), {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'x-refresh-token': `Bearer ${refreshToken}` },
      });
      const afterLogout = await request(url, { headers: { authorization: `Bearer ${accessToken}` } });
      if (logout.status !== 200 || afterLogout.status !== 401)
        throw new Error(
          `on ${backend}, the call right after logout answered ${afterLogout.status} (logout ${logout.status}): revocation not checked`,
        );
      const rps = r.requests.average;
      const p99 = r.latency.p99;
      const clean = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
      const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const how =
        `autocannon 8 CLI in a separate process, ${CONNECTIONS} connections, pipelining 1, \`GET /iamserver/api/v1/fetch-user\` ` +
        `with \`Authorization: Bearer <access token of admin@demo.test>\`, ${WARMUP_S} s warm-up run discarded, then ${DURATION_S} s measured ` +
        `(bounded by -O ${MAX_REQUESTS} and a hard kill). Server: \`node scripts/start.mjs\` on ${
          backend === 'postgres'
            ? `PostgreSQL (DATABASE_URL=127.0.0.1:5432/test, fresh DATABASE_SCHEMA ${schema}, SEED_DEMO=1, dropped afterwards)`
            : 'PGlite in a new temporary DATA_DIR'
        }; load generator and server share the machine.`;
      const detail = [
        `${r['2xx']} responses 2xx, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts in ${r.duration} s (${r.requests.total} requests).`,
        `Latency ms: mean ${r.latency.average}, p50 ${r.latency.p50}, p90 ${r.latency.p90}, p99 ${r.latency.p99}, max ${r.latency.max}.`,
        `Server CPU during the measured run: ${round(serverCpu, 1)} s in ${r.duration} s = ${round(serverCpu / r.duration, 2)} of ${os.availableParallelism()} cores; ` +
          `${round((serverCpu * 1000) / Math.max(r.requests.total, 1), 2)} ms CPU per request (less affected by other load than wall time).`,
        `Checked before the load: 5 × 200 with one user, admin@demo.test (${checks.join(', ')}); after the load: ` +
          `POST /auth/logout ${logout.status}, then the very next fetch-user with the same token ${afterLogout.status} (revocation checked on every call).`,
        `Server RSS ${round(idle.rssMb)} MB before, ${round(after.rssMb)} MB after the load (peak ${round(after.hwmMb)} MB). 1-min load average before: ${round(load, 2)}.`,
      ];
      const figures: Figure[] = [
        {
          id: `fetch-user.${backend}.rps`,
          title: `fetch-user throughput on ${name}`,
          value: round(rps),
          unit: 'requests/s',
          method: `${how} autocannon's mean of per-second samples.`,
          target: backend === 'postgres' ? '≥ 2,500 requests/s, no non-2xx' : '≥ 1,500 requests/s, no non-2xx',
          pass: rps >= (backend === 'postgres' ? 2500 : 1500) && clean,
          notes: detail,
        },
        {
          id: `fetch-user.${backend}.p99`,
          title: `fetch-user p99 latency on ${name}`,
          value: p99,
          unit: 'ms',
          method: 'The same measured run: autocannon latency p99.',
          ...(backend === 'postgres' ? { target: '≤ 40 ms', pass: p99 <= 40 } : {}),
        },
        {
          id: `fetch-user.${backend}.non2xx`,
          title: `fetch-user non-2xx responses and errors on ${name}`,
          value: r.non2xx + r.errors + r.timeouts,
          unit: 'responses',
          method: 'The same measured run: autocannon non2xx + errors + timeouts.',
          target: '= 0',
          pass: clean,
        },
      ];
      return figures;
    } finally {
      await product.stop();
    }
  } finally {
    if (backend === 'postgres') await dropSchema(schema);
    await rm(tmp, { recursive: true, force: true });
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  await ensureBuilt(ctx.offset);
  return [...(await measure('postgres', ctx.offset)), ...(await measure('pglite', ctx.offset))];
}
