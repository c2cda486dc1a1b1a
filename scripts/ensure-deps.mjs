// Installs the npm dependencies when node_modules is missing or older than the lockfile.
// Shared by the run command and the test command so that both work on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

export function ensureDependencies(root) {
  if (mtime(`${root}/node_modules/.package-lock.json`) >= mtime(`${root}/package-lock.json`)) return;
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) {
    console.error('npm ci failed.');
    process.exit(1);
  }
}
