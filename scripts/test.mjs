#!/usr/bin/env node
// The test command (`npm test`): every check, in order, stopping at the first failure.
// Installs what a fresh machine lacks (npm dependencies; Debian's Chromium for Playwright).
import { spawnSync } from 'node:child_process';
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
step('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
step('typecheck (service worker)', bin('tsc'), ['-p', 'sw/tsconfig.json']);
step('lint', bin('eslint'), ['.', '--max-warnings', '0']);
step('format', bin('prettier'), ['--check', '.']);
step('unit and integration tests (vitest)', bin('vitest'), ['run']);
ensureChromium();
// The build the end-to-end runs start the product from (scripts/start.mjs builds what changed, once).
step('build', process.execPath, ['scripts/start.mjs', '--build-only']);
step('end-to-end tests (playwright, Debian Chromium)', bin('playwright'), ['test']);
step('end-to-end tests with a real SMTP server', bin('playwright'), ['test', '--config', 'playwright.smtp.config.ts']);
console.log('\nAll checks passed.');
