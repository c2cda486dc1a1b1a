/**
 * SQL lives only in repositories, the files named `*-repository.ts` under server/ (docs/architecture.md):
 * the reviewers' standing check, run with the tests so that a statement written into a route, a service,
 * the seed or a tool fails here first, in whatever case it is written. Tests, test kits and the migration
 * runner are the only other files allowed SQL.
 *
 * Only string and template literals are read (through the TypeScript scanner), so prose in comments never
 * counts; inside them a statement is its SQL shape with word boundaries: `select … from <name>`,
 * `select <function>(`, `insert into <name>`, `update <name> set`, `delete from <name>`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.dirname(new URL(import.meta.url).pathname);

/** Stands in for a template's `${…}` so that `SELECT ${COLUMNS} FROM t` still reads as a statement. */
const HOLE = ' x ';

const STATEMENTS: readonly RegExp[] = [
  /\bselect\s+(?:distinct\s+)?[\w*."(),\s]+?\s+from\s+[\w"(]/i,
  /\bselect\s+[a-z_][\w.]*\s*\(/i,
  /\binsert\s+into\s+[\w"]/i,
  /\bupdate\s+[\w".]+(?:\s+(?:as\s+)?\w+)?\s+set\s+[\w"]/i,
  /\bdelete\s+from\s+[\w"]/i,
];

/** The migration runner: it locks and records the schema's migrations. */
const MIGRATION_RUNNER = path.join('db', 'migrate.ts');

function mayHoldSql(file: string): boolean {
  const name = path.basename(file);
  return (
    name.endsWith('-repository.ts') ||
    name.endsWith('.test.ts') ||
    name.endsWith('test-kit.ts') ||
    file === MIGRATION_RUNNER
  );
}

/** Every string and template literal of a TypeScript source, template holes replaced by {@link HOLE}. */
function stringLiterals(source: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      out.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(HOLE));
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('file.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return out;
}

/** The first literal of `source` that reads as an SQL statement, if any. */
function firstStatement(source: string): string | undefined {
  return stringLiterals(source)
    .map((text) => text.replace(/\s+/g, ' '))
    .find((text) => STATEMENTS.some((statement) => statement.test(text)));
}

describe('SQL placement', () => {
  it('recognises a statement in any case and only inside literals', () => {
    expect(firstStatement("await tx.query('select id from users where id = $1', [id]);")).toBeDefined();
    expect(firstStatement('tx.query(`Select ${COLUMNS}\n  From drive_files`);')).toBeDefined();
    expect(firstStatement("tx.query('insert into audit_log (action) values ($1)', [a]);")).toBeDefined();
    expect(firstStatement('tx.query(`update users u set name = $2 where id = $1`);')).toBeDefined();
    expect(firstStatement("tx.query('delete from sessions where user_id = $1');")).toBeDefined();
    expect(firstStatement("tx.query('select set_config($1, $2, true)');")).toBeDefined();

    expect(firstStatement('// select the rows from users, then update them as a set\nconst a = 1;')).toBeUndefined();
    expect(firstStatement("const help = 'Select a role for the user, then save.';")).toBeUndefined();
    expect(firstStatement("const help = 'Update the address, then delete the old one.';")).toBeUndefined();
  });

  it('keeps every SQL statement of the services in a repository', async () => {
    const files = (await readdir(ROOT, { recursive: true })).filter((f) => f.endsWith('.ts') && !mayHoldSql(f));
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      const statement = firstStatement(await readFile(path.join(ROOT, file), 'utf8'));
      if (statement !== undefined) offenders.push(`server/${file}: ${statement.slice(0, 80)}`);
    }
    expect(offenders).toEqual([]);
  });
});
