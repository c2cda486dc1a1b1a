#!/usr/bin/env node
// The run command (`npm start`): installs dependencies when the lockfile changed, builds the web app and
// the server bundle when their inputs changed, then starts every service and the web app in this same
// process, so that Ctrl-C and SIGTERM reach the server directly. Arguments pass through (`npm start -- --service iamserver`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureDependencies } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

// 1. Dependencies: npm ci when node_modules is missing or older than the lockfile.
ensureDependencies(root);

// 2. The web app and the server bundle: rebuild each when any of its inputs changed since its last build.
function fingerprint(inputs) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!existsSync(p)) return;
    const info = statSync(p);
    if (info.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!/\.test\.tsx?$/.test(name)) visit(path.join(p, name));
    } else {
      hash.update(`${p}\0${info.size}\0${info.mtimeMs}\0`);
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

function stale(stampFile, inputs) {
  const wanted = fingerprint(inputs);
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  return { stale: current !== wanted || process.env.FORCE_BUILD === '1', wanted };
}

const web = stale(path.join('dist', '.build-fingerprint'), [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'src',
  'sw',
  'public',
]);
if (web.stale) {
  console.log('Building the web app (vite build)…');
  run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  writeFileSync(path.join('dist', '.build-fingerprint'), web.wanted);
}

const server = stale(path.join('dist-server', '.build-fingerprint'), ['package-lock.json', 'server', 'src/shared']);
if (server.stale) {
  console.log('Building the services (esbuild)…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer(root);
  writeFileSync(path.join('dist-server', '.build-fingerprint'), server.wanted);
}

// `--build-only` (the test command's build step) stops here: the end-to-end run that follows starts the
// product from this build instead of building it a second time.
if (process.argv.includes('--build-only')) process.exit(0);

// 3. The services and the web app, in this process.
await import(pathToFileURL(path.join(root, 'dist-server/main.mjs')).href);
