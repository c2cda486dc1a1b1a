// Installs the npm dependencies when node_modules is missing or was installed from another lockfile.
// Shared by the run command and the test command so that both work on a fresh clone.
//
// What was installed is recorded as the lockfile's hash (node_modules/.freight-desk-lock), so a checkout
// that rewrites package-lock.json with the same content (a git merge, a reset, a second worktree sharing
// this node_modules) does not reinstall everything; without the record, the lockfile's age decides as npm's
// own hidden lockfile shows it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const lockHash = (root) =>
  createHash('sha256')
    .update(readFileSync(`${root}/package-lock.json`))
    .digest('hex');

export function ensureDependencies(root) {
  const stamp = `${root}/node_modules/.freight-desk-lock`;
  const wanted = lockHash(root);
  if (existsSync(stamp)) {
    if (readFileSync(stamp, 'utf8').trim() === wanted) return;
  } else if (mtime(`${root}/node_modules/.package-lock.json`) >= mtime(`${root}/package-lock.json`)) {
    writeFileSync(stamp, `${wanted}\n`);
    return;
  }
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) {
    console.error('npm ci failed.');
    process.exit(1);
  }
  writeFileSync(stamp, `${wanted}\n`);
}
