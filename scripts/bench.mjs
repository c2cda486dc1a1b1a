#!/usr/bin/env node
// The benchmarks (`npm run bench [-- <name> …]`): runs each module of bench/ in its own fresh process, in
// sequence, and writes BENCHMARKS.md with every figure, how it was measured, the machine and the targets.
// Product instances use PORT_OFFSET 40000 and up (BENCH_PORT_OFFSET) and temporary data folders, so a
// running product is not disturbed; load goes to 127.0.0.1 only, bounded in requests and time.
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** In order: the build first, so that dist/ is current for the first-load figure and the start-ups. */
const MODULES = [
  { name: 'build', title: 'Web app build', timeoutS: 240 },
  { name: 'first-load', title: 'First page load JavaScript', timeoutS: 60 },
  { name: 'startup', title: 'Start-up and idle memory', timeoutS: 240 },
  { name: 'fetch-user', title: 'fetch-user throughput (iam)', timeoutS: 180 },
  {
    name: 'place-search',
    title: 'Place search: ports and airports (master), and offline per keystroke',
    timeoutS: 240,
  },
  { name: 'refresh-race', title: 'Concurrent refresh with one token (iam)', timeoutS: 180 },
  { name: 'mail-queue', title: 'Mail queue: 1,000 messages to SMTP across a worker restart (mail)', timeoutS: 300 },
  {
    name: 'service-worker-overhead',
    title: 'Service worker overhead on API calls (browser, standard ports, e2e lock)',
    timeoutS: 600,
  },
  {
    name: 'warm-reload',
    title: 'Warm reload to the signed-in dashboard (browser, standard ports, e2e lock)',
    timeoutS: 600,
  },
  { name: 'live-channel', title: 'Live notifications: 1,000 SSE connections (iam)', timeoutS: 300 },
  {
    name: 'offline-first',
    title: 'Offline-first: repeat visit, cold start offline, outbox replay, flaky network (browser, e2e lock)',
    timeoutS: 1200,
  },
  {
    name: 'lighthouse',
    title: 'Lighthouse on /login, mobile (browser, standard ports, e2e lock)',
    timeoutS: 600,
  },
  {
    name: 'reports',
    title: 'Report downloads: 100,000 audit rows as CSV and XLSX, streamed (reports)',
    timeoutS: 600,
  },
  {
    name: 'shipments',
    title: 'Shipments at 100,000: list, search and create on both databases; the offline list per keystroke',
    timeoutS: 1500,
  },
  {
    name: 'shipment-events',
    title: 'Milestones at 100,000 shipments with 20 events each: "Needs attention" and adding a milestone (PostgreSQL)',
    timeoutS: 900,
  },
  {
    name: 'charges',
    title: 'Money on a job: profit of 200 lines, and profit by customer over 100,000 shipments as CSV',
    timeoutS: 1500,
  },
  {
    name: 'house-bill-pdf',
    title: 'House bill PDF: a sea shipment with 40 containers, on both databases (shipments)',
    timeoutS: 300,
  },
];
/** Start failures (another engineer's half-done change, a port in use) are retried once after this pause. */
const RETRY_PAUSE_S = Number(process.env.BENCH_RETRY_PAUSE_S ?? 60);

const baseOffset = Number(process.env.BENCH_PORT_OFFSET ?? 40000);
const only = process.argv.slice(2);
const unknown = only.filter((n) => !MODULES.some((m) => m.name === n));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${MODULES.map((m) => m.name).join(', ')}`);
  process.exit(2);
}
const selected = MODULES.filter((m) => only.length === 0 || only.includes(m.name));

function sh(command, args) {
  try {
    return execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const meminfo = readFileSync('/proc/meminfo', 'utf8');
  const memKb = Number(/^MemTotal:\s+(\d+)/m.exec(meminfo)?.[1] ?? 0);
  const dirty = sh('git', ['status', '--porcelain']).split('\n').filter(Boolean).length;
  return {
    date: new Date().toISOString(),
    nproc: sh('nproc', []) || String(os.availableParallelism()),
    cpu: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown',
    memory: `${(memKb / 1024 / 1024).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    commit: `${sh('git', ['rev-parse', '--short', 'HEAD']) || 'unknown'}${dirty ? ` + ${dirty} uncommitted changes` : ''}`,
  };
}

/**
 * A copy of the working tree (tracked and untracked files, .gitignore respected, mtimes kept) with
 * node_modules linked: the product measured. Other engineers keep editing the repository and rebuilding
 * its dist/ while the bench runs; the snapshot keeps every run on the same code and its own dist/.
 */
function snapshot(parent) {
  const dir = mkdtempSync(path.join(parent, 'tree-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  let copied = 0;
  for (const file of new Set(files)) {
    const from = path.join(root, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    const info = statSync(from);
    utimesSync(to, info.atime, info.mtime);
    copied++;
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return { dir, copied };
}

function runModule(mod, offset, tmp, benchRoot) {
  const out = path.join(tmp, `${mod.name}.json`);
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run-one.ts', mod.name, out, String(offset)], {
      cwd: root,
      env: { ...process.env, BENCH_ROOT: benchRoot },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const timer = setTimeout(() => {
      console.error(`[bench] ${mod.name}: no result after ${mod.timeoutS} s, stopping it.`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }, mod.timeoutS * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      let result;
      try {
        result = JSON.parse(readFileSync(out, 'utf8'));
      } catch {
        result = { error: `exited ${code ?? signal} without a result (timeout ${mod.timeoutS} s)` };
      }
      resolve({ ...result, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const isStartFailure = (error) => /before it was ready|not ready after/.test(error ?? '');

const info = machine();
const loadBefore = os.loadavg();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const results = [];
const benchStarted = Date.now();
let tree = snapshot(tmp);
const snapshots = [tree];
console.log(`[bench] snapshot of the working tree: ${tree.copied} files in ${tree.dir}`);
try {
  for (const [index, mod] of MODULES.entries()) {
    if (!selected.includes(mod)) continue;
    const offset = baseOffset + index * 100;
    console.log(`[bench] ${mod.name} (PORT_OFFSET ${offset})…`);
    const load = os.loadavg()[0];
    let result = await runModule(mod, offset, tmp, tree.dir);
    if (result.error && isStartFailure(result.error)) {
      // Most likely someone's change in progress was caught by the snapshot: wait, take a new one, retry.
      console.log(
        `[bench] ${mod.name}: the product did not start; retrying once in ${RETRY_PAUSE_S} s on a new snapshot.`,
      );
      await delay(RETRY_PAUSE_S * 1000);
      const first = result.error;
      tree = snapshot(tmp);
      snapshots.push(tree);
      result = await runModule(mod, offset, tmp, tree.dir);
      result.retried = first;
    }
    results.push({ mod, load, ...result });
    for (const f of result.figures ?? [])
      console.log(
        `[bench]   ${f.id}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target}: ${f.pass ? 'pass' : 'MISSED'})` : ''}`,
      );
    if (result.error) console.log(`[bench]   ${mod.name} failed: ${result.error.split('\n')[0]}`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
const loadAfter = os.loadavg();
const totalS = (Date.now() - benchStarted) / 1000;

// A run of some modules keeps the others' last figures (BENCHMARKS.json holds every module's last result),
// each marked with the run it came from.
const RESULTS_FILE = path.join(root, 'BENCHMARKS.json');
const runInfo = { date: info.date, commit: info.commit };
let previous = {};
try {
  previous = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
} catch {
  previous = {};
}
for (const r of results) r.run = runInfo;
for (const mod of MODULES) {
  if (selected.includes(mod) || !previous[mod.name]) continue;
  results.push({ ...previous[mod.name], mod, kept: true });
}
results.sort((a, b) => MODULES.indexOf(a.mod) - MODULES.indexOf(b.mod));
writeFileSync(
  RESULTS_FILE,
  `${JSON.stringify(Object.fromEntries(results.map(({ mod, kept: _kept, ...rest }) => [mod.name, rest])), null, 2)}\n`,
);

// ------------------------------------------------------------------------------------------------
// BENCHMARKS.md

const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const verdict = (f) => (f.target === undefined ? '—' : f.pass ? 'pass' : '**missed**');
const all = results.flatMap((r) => r.figures ?? []);
const md = [];
md.push('# Benchmarks', '');
md.push(
  'Generated by `npm run bench` (scripts/bench.mjs, modules in bench/). Do not edit by hand: rerun instead. ' +
    "Targets are the issues'; a missed target is reported as missed, not adjusted.",
  '',
);
md.push('## Machine', '');
md.push('| | |', '| --- | --- |');
md.push(`| Date | ${info.date} |`);
md.push(`| CPU | ${esc(info.cpu)} |`);
md.push(`| Cores (\`nproc\`) | ${info.nproc} |`);
md.push(`| Memory | ${info.memory} |`);
md.push(`| Node.js | ${info.node} |`);
md.push(`| OS | ${esc(info.os)} |`);
md.push(
  `| Code | ${esc(info.commit)}; measured on a snapshot of the working tree taken at the start${snapshots.length > 1 ? ` (retaken ${snapshots.length - 1} time(s) after a failed start)` : ''} |`,
);
md.push(
  `| Load average (1/5/15 min) | before ${loadBefore.map((l) => l.toFixed(2)).join(' / ')}, after ${loadAfter
    .map((l) => l.toFixed(2))
    .join(' / ')} |`,
);
md.push(`| Bench duration | ${Math.round(totalS)} s |`);
md.push('');
md.push(
  "The load generator runs on the same machine as the server, and other work on the machine (other engineers' " +
    'test runs, a running product) competes for the same cores: treat the figures as indicative of this shared machine.',
  '',
);
const cores = Number(info.nproc) || os.availableParallelism();
const busiest = Math.max(loadBefore[0], ...results.map((r) => r.load));
if (busiest > cores)
  md.push(
    `**This run was oversubscribed:** the 1-minute load average reached ${busiest.toFixed(1)} on ${cores} cores before ` +
      'a benchmark. Wall-clock figures (start-up, throughput, latency) are pessimistic; the CPU-time figures in the ' +
      'details are less affected. Rerun on a quiet machine before drawing conclusions from a miss.',
    '',
  );
md.push('## Summary', '');
md.push('| Figure | Value | Target | Result |', '| --- | --- | --- | --- |');
for (const f of all)
  md.push(`| ${esc(f.title)} | ${esc(`${f.value} ${f.unit}`)} | ${esc(f.target ?? '—')} | ${verdict(f)} |`);
for (const r of results.filter((r) => r.error))
  md.push(`| ${esc(r.mod.title)} | not measured: failed | — | **error** |`);
if (selected.length < MODULES.length)
  md.push(
    '',
    `This run measured: ${selected.map((m) => m.name).join(', ')}. The other figures are kept from earlier runs ` +
      '(BENCHMARKS.json); each module’s details say which run.',
  );
md.push('');
md.push('## Details', '');
for (const r of results) {
  md.push(`### ${r.mod.title}`, '');
  md.push(
    `Module \`bench/${r.mod.name}.ts\`, in its own process, ${r.seconds.toFixed(0)} s; 1-min load average at its start: ${r.load.toFixed(2)}.` +
      (r.kept && r.run ? ` Kept from the run of ${r.run.date} (${esc(r.run.commit)}).` : ''),
    '',
  );
  if (r.retried)
    md.push(
      `The first attempt failed to start the product and was retried after ${RETRY_PAUSE_S} s. First attempt:`,
      '',
      '```',
      r.retried.slice(0, 1500),
      '```',
      '',
    );
  if (r.error) {
    md.push('Failed:', '', '```', r.error.slice(0, 3000), '```', '');
    continue;
  }
  for (const f of r.figures) {
    md.push(
      `**${f.title}: ${f.value} ${f.unit}**${f.target ? ` (target ${f.target}: ${f.pass ? 'pass' : 'missed'})` : ''}`,
      '',
    );
    md.push(`- How: ${f.method}`);
    for (const note of f.notes ?? [])
      md.push(note.endsWith(':') ? `- ${note}` : note.startsWith('`') ? `  - ${note}` : `- ${note}`);
    md.push('');
  }
}
writeFileSync(path.join(root, 'BENCHMARKS.md'), md.join('\n'));
console.log(`[bench] wrote BENCHMARKS.md (${all.length} figures, ${Math.round(totalS)} s).`);
const missed = all.filter((f) => f.target !== undefined && !f.pass);
if (missed.length > 0) console.log(`[bench] missed targets: ${missed.map((f) => f.id).join(', ')}`);
process.exit(results.some((r) => r.error) ? 1 : 0);
