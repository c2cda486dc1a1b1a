/**
 * SQL lives only in `*-repository.ts` files (STYLE.md): the reviewers' standing check, run with the tests
 * so that a statement written into a route, a service, the seed or a tool fails here first. Tests, test
 * kits and the migration runner are the exceptions.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SQL = /\b(SELECT [a-z_*]|INSERT INTO|UPDATE [a-z_]+ SET|DELETE FROM)/;
const ROOT = path.dirname(new URL(import.meta.url).pathname);

function exempt(file: string): boolean {
  return (
    file.endsWith('repository.ts') ||
    file.endsWith('.test.ts') ||
    file.endsWith('test-kit.ts') ||
    file === path.join('db', 'migrate.ts')
  );
}

describe('SQL placement', () => {
  it('keeps every SQL statement of the services in a *-repository.ts file', async () => {
    const files = (await readdir(ROOT, { recursive: true })).filter((f) => f.endsWith('.ts') && !exempt(f));
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      if (SQL.test(await readFile(path.join(ROOT, file), 'utf8'))) offenders.push(`server/${file}`);
    }
    expect(offenders).toEqual([]);
  });
});
