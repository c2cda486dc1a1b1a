#!/usr/bin/env node
// The test command (`npm test`): every check, stopping at the first failure; the single-threaded static checks
// run two at a time, the rest one after another.
// Installs what a fresh machine lacks (npm dependencies; Debian's Chromium for Playwright).
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function step(title, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds} s (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

/** Runs `command` with its output held back, for steps that run side by side: resolves to the outcome. */
function quietly(title, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) =>
      resolve({
        title,
        ok: code === 0,
        exit: code ?? signal,
        output: Buffer.concat(output),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

/**
 * Steps in lanes that run side by side (the steps of one lane one after another), for single-threaded checks
 * that would leave one of this machine's two cores idle. Each step's output is printed when it ends; the
 * command still stops at the first failure, once the lanes have ended.
 */
async function lanes(...lanesOfSteps) {
  const started = Date.now();
  console.log(`\n▶ ${lanesOfSteps.map((lane) => lane.map(([title]) => title).join(', then ')).join(' | ')}`);
  const results = await Promise.all(
    lanesOfSteps.map(async (lane) => {
      for (const [title, command, args] of lane) {
        const result = await quietly(title, command, args);
        process.stdout.write(result.output);
        if (!result.ok) {
          console.error(`\n✖ ${title} failed after ${result.seconds.toFixed(1)} s (exit ${result.exit}).`);
          return false;
        }
        console.log(`✔ ${title} (${result.seconds.toFixed(1)} s)`);
      }
      return true;
    }),
  );
  if (results.includes(false)) process.exit(1);
  console.log(`✔ side by side in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  console.log(`\n${chromium} is missing: installing Debian's chromium package…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) =>
    spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (
    run(['apt-get', 'update', '-qq']).status !== 0 ||
    run(['apt-get', 'install', '-y', '-qq', 'chromium']).status !== 0
  ) {
    console.error('Could not install chromium with apt-get. Install it, or set CHROMIUM_PATH.');
    process.exit(1);
  }
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

ensureDependencies(root);
await lanes(
  [
    ['typecheck', bin('tsc'), ['-p', 'tsconfig.json']],
    ['typecheck (service worker)', bin('tsc'), ['-p', 'sw/tsconfig.json']],
  ],
  [
    ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
    ['format', bin('prettier'), ['--check', '.']],
  ],
);
step('unit and integration tests (vitest)', bin('vitest'), ['run']);
ensureChromium();
// The build the end-to-end runs start the product from (scripts/start.mjs builds what changed, once).
step('build', process.execPath, ['scripts/start.mjs', '--build-only']);
step('end-to-end tests (playwright, Debian Chromium)', bin('playwright'), ['test']);
step('end-to-end tests with a real SMTP server', bin('playwright'), ['test', '--config', 'playwright.smtp.config.ts']);
console.log('\nAll checks passed.');
