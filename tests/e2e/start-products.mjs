#!/usr/bin/env node
// The products of a Playwright run with more than one worker (playwright.config.ts), started at once rather
// than one after the other: one build (scripts/start.mjs --build-only), then one `node scripts/start.mjs`
// per worker with the environment the config gives it (E2E_PRODUCTS: a JSON array of { url, env }). Prints
// "e2e products ready" once every product's web app answers; any product that exits ends the run.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const products = JSON.parse(process.env.E2E_PRODUCTS ?? '[]');
if (products.length === 0) {
  console.error('E2E_PRODUCTS names no product.');
  process.exit(1);
}

const built = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const children = products.map(({ env }) =>
  spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }),
);
const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
for (const child of children) {
  child.on('exit', (code, signal) => {
    console.error(`An e2e product stopped (${code ?? signal}).`);
    stopAll();
    process.exit(code || 1);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(0);
  });
}

/** Whether `url` answers at all (the product's web app listens last, after the services). */
function answers(url) {
  return new Promise((resolve) => {
    const request = http.get(url, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(2_000, () => {
      request.destroy();
      resolve(false);
    });
  });
}

async function answered(url) {
  while (!(await answers(url))) await sleep(250);
}

await Promise.all(products.map(({ url }) => answered(url)));
console.log('e2e products ready');
