/**
 * Shared helpers of the benchmarks: spawning the product with `node scripts/start.mjs` on shifted ports,
 * waiting for its eight listeners, stopping it, and small HTTP and statistics helpers.
 * Every request goes to 127.0.0.1; every wait is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEB_PORT, SERVICE_NAMES, SERVICES, servicePrefix } from '../src/shared/services.ts';

/**
 * The tree whose product is measured: scripts/bench.mjs passes a snapshot of the working tree taken at
 * the start of the bench (BENCH_ROOT), so that concurrent edits (and their rebuilds of dist/) cannot
 * change the product between runs. Without it, the repository itself.
 */
export const ROOT = process.env.BENCH_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';

/** One measured number (or fact) of a benchmark, as BENCHMARKS.md prints it. */
export interface Figure {
  /** Stable id, e.g. `startup.warm`. */
  id: string;
  /** What was measured, one line. */
  title: string;
  value: number | string;
  unit: string;
  /** How it was measured. */
  method: string;
  /** Human-readable target, e.g. `≤ 3 s`; absent for informational figures. */
  target?: string;
  /** Whether the target was met; absent for informational figures. */
  pass?: boolean;
  /** Anything else worth knowing: raw samples, caveats, retries. */
  notes?: string[];
}

/** The ports of one product instance started with `PORT_OFFSET=offset`. */
export function portsFor(offset: number): { services: Record<string, number>; web: number } {
  const services = Object.fromEntries(Object.entries(SERVICES).map(([name, port]) => [name, port + offset]));
  return { services, web: DEFAULT_WEB_PORT + offset };
}

export function serviceUrl(offset: number, service: string, route: string): string {
  return `http://${HOST}:${portsFor(offset).services[service]}${servicePrefix(service as never)}${route}`;
}

export interface HttpResult {
  status: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One HTTP request with a hard timeout; never throws for an HTTP status. */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    timeoutMs?: number;
    agent?: http.Agent;
  } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 5000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Checks the eight listeners once: every service's `/health` must answer 200 `{data:{status:'ok',db:'ok'}}`
 * and the web app's `/` 200. Returns the listeners that are not (yet) healthy, with why.
 */
export async function unhealthyListeners(offset: number): Promise<string[]> {
  const checks = [
    ...SERVICE_NAMES.map(async (name) => {
      const res = await request(serviceUrl(offset, name, '/health'), { timeoutMs: 2000 });
      const data =
        res.status === 200 ? (JSON.parse(res.body) as { data?: { status?: string; db?: string } }).data : undefined;
      return data?.status === 'ok' && data.db === 'ok' ? undefined : `${name}: ${res.status} ${res.body.slice(0, 120)}`;
    }),
    request(`http://${HOST}:${portsFor(offset).web}/`, { timeoutMs: 2000 }).then((r) =>
      r.status === 200 ? undefined : `web: ${r.status} ${r.body.slice(0, 120)}`,
    ),
  ];
  const names = [...SERVICE_NAMES, 'web'];
  const results = await Promise.allSettled(checks);
  return results.flatMap((r, i) =>
    r.status === 'rejected' ? [`${names[i]}: ${String(r.reason)}`] : r.value ? [r.value] : [],
  );
}

export async function allListenersHealthy(offset: number): Promise<boolean> {
  return (await unhealthyListeners(offset)).length === 0;
}

export interface ProductProcess {
  child: ChildProcess;
  pid: number;
  /** Milliseconds from spawn until all eight listeners answered healthy. */
  readyMs: number;
  /** CPU seconds the process had used when it was ready. */
  readyCpuS: number;
  /** Everything the process printed so far. */
  output(): string;
  /** True when start.mjs rebuilt the web app during this start (the figure then includes a build). */
  rebuilt(): boolean;
  stop(): Promise<void>;
}

export interface StartOptions {
  offset: number;
  env: Record<string, string>;
  timeoutMs?: number;
  /** Polling interval of the health checks. */
  pollMs?: number;
}

const running = new Set<ChildProcess>();
function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

/**
 * start.mjs runs `npm ci` when node_modules is older than the lockfile (scripts/ensure-deps.mjs). The
 * bench must never install: it refuses to start instead.
 */
export function assertDependenciesCurrent(): void {
  const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);
  if (mtime(path.join(ROOT, 'node_modules/.package-lock.json')) < mtime(path.join(ROOT, 'package-lock.json')))
    throw new Error('node_modules is older than package-lock.json: start.mjs would run npm ci. Install first.');
}

/** Whether something accepts a TCP connection on `host:port` within a second (a busy port would answer our polls). */
export function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Refuses to start when something already listens on one of the instance's ports (it would answer our polls). */
export async function assertPortsFree(offset: number): Promise<void> {
  const { services, web } = portsFor(offset);
  const ports = [...Object.values(services), web];
  const busy = (await Promise.all(ports.map(async (p) => ((await portOpen(HOST, p)) ? p : undefined)))).filter(Boolean);
  if (busy.length > 0) throw new Error(`ports already in use at PORT_OFFSET=${offset}: ${busy.join(', ')}`);
}

/**
 * Spawns `node scripts/start.mjs` (the run command, which imports server/main.ts in-process) and polls
 * until all eight listeners are healthy. The returned pid is the server's own process.
 */
export async function startProduct(options: StartOptions): Promise<ProductProcess> {
  const { offset, timeoutMs = 120_000, pollMs = 25 } = options;
  assertDependenciesCurrent();
  await assertPortsFree(offset);
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT_OFFSET: String(offset),
      HOST,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let exited: number | string | null = null;
  const exitPromise = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = code ?? signal ?? 'unknown';
      running.delete(child);
      resolve();
    }),
  );

  const stop = async () => {
    if (exited !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exitPromise;
    clearTimeout(killer);
  };

  let unhealthy: string[] = [];
  for (;;) {
    if (exited !== null) throw new Error(`start.mjs exited (${exited}) before it was ready:\n${out.slice(-3000)}`);
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(
        `start.mjs not ready after ${timeoutMs} ms. Still failing: ${unhealthy.join('; ')}\n${out.slice(-2000)}`,
      );
    }
    unhealthy = await unhealthyListeners(offset);
    if (unhealthy.length === 0) break;
    await sleep(pollMs);
  }
  const readyMs = performance.now() - started;
  const readyCpuS = await cpuSeconds(child.pid!).catch(() => NaN);
  return {
    readyCpuS,
    child,
    pid: child.pid!,
    readyMs,
    output: () => out,
    rebuilt: () => out.includes('Building the web app'),
    stop,
  };
}

/**
 * Makes dist/ current the way the run command does: `node scripts/start.mjs --service __bench_prime__`
 * rebuilds dist/ when its inputs changed (start.mjs's own fingerprint), then server/main.ts refuses the
 * unknown service and exits 2 before opening any database or port. Returns whether it built, and how long it took.
 */
export async function ensureBuilt(offset: number): Promise<{ built: boolean; ms: number }> {
  assertDependenciesCurrent();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs', '--service', '__bench_prime__'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT_OFFSET: String(offset),
      DATA_DIR: path.join(os.tmpdir(), 'bench-prime-never-opened'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  running.delete(child);
  if (code !== 2 || !out.includes('Unknown service'))
    throw new Error(`start.mjs exited (${code}) before it was ready: priming dist/ failed:\n${out.slice(-3000)}`);
  return { built: out.includes('Building the web app'), ms: performance.now() - started };
}

/** Resident set size of a process in MB, from /proc/<pid>/status (VmRSS, kB). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

/** Peak resident set size (VmHWM) and thread count of a process. */
export async function procStatus(pid: number): Promise<{ rssMb: number; hwmMb: number; threads: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: field('VmRSS') / 1024, hwmMb: field('VmHWM') / 1024, threads: field('Threads') };
}

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`; 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU time (user + system, all threads) a process has used so far, in seconds. Unlike wall time it hardly
 * depends on what else runs on the machine, so it helps to read figures taken on a busy machine.
 */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Child processes of a process (from /proc/<pid>/task/<tid>/children). */
export async function childPids(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const pids: number[] = [];
  for (const tid of tasks) {
    const text = await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '');
    pids.push(...text.split(/\s+/).filter(Boolean).map(Number));
  }
  return pids;
}

/** Whether process `pid` holds the listening TCP socket on `port` (matches socket inodes of /proc/net/tcp*). */
export async function ownsListener(pid: number, port: number): Promise<boolean> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = parseInt(cols[1]!.split(':')[1]!, 16);
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const m = /^socket:\[(\d+)\]$/.exec(target);
    if (m && inodes.has(m[1]!)) return true;
  }
  return false;
}

/** The command line of a process, to check which program a pid runs. */
export async function cmdline(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean).join(' ');
}

export const DEMO_LOGIN = { emailId: 'admin@demo.test', password: 'Freight!2026' };

export async function login(offset: number): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await request(serviceUrl(offset, 'iamserver', '/auth/login'), {
    method: 'POST',
    body: DEMO_LOGIN,
    timeoutMs: 10_000,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  const data = (JSON.parse(res.body) as { data: { accessToken?: string; refreshToken?: string } }).data;
  if (!data.accessToken || !data.refreshToken) throw new Error(`login returned no tokens: ${res.body}`);
  return { accessToken: data.accessToken, refreshToken: data.refreshToken };
}

/** PostgreSQL for the benchmarks that need a real server. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
