import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoadJs, htmlEntries, resolveLocal, staticImports } from './first-load-js.ts';

describe('htmlEntries', () => {
  it('takes module scripts and modulepreload links, in any attribute order, and nothing else', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
      <link href='/assets/extra-C.js' rel='modulepreload'>
      <link rel="stylesheet" href="/assets/index.css">
      <link rel="preload" as="script" href="/assets/not-module.js">
      <script src="/classic.js"></script>
      <!-- <script type="module" src="/commented.js"></script> -->
      <script type="module">console.log('inline')</script>
    </head></html>`;
    expect(htmlEntries(html)).toEqual(['/assets/index-A.js', '/assets/vendor-B.js', '/assets/extra-C.js']);
  });
});

describe('staticImports', () => {
  it('finds every static import and re-export form, minified or not', () => {
    const code = [
      'import{a as b,c}from"./one.js";',
      'import d from "./two.js";',
      'import*as e from"./three.js";',
      'import f, { g } from "./four.js";',
      'import"./five.js";',
      "import './six.js';",
      'export*from"./seven.js";',
      'export{h}from"./eight.js";',
      'export * as ns from "./nine.js";',
    ].join('\n');
    expect(staticImports(code).sort()).toEqual(
      [
        './one.js',
        './two.js',
        './three.js',
        './four.js',
        './five.js',
        './six.js',
        './seven.js',
        './eight.js',
        './nine.js',
      ].sort(),
    );
  });

  it('ignores dynamic import(), import.meta, member calls and plain exports', () => {
    const code =
      'const m=()=>import("./lazy.js");const n=import(`./lazy2.js`);x.import("./no.js");' +
      'console.log(import.meta.url);export{a as b};export default 1;';
    expect(staticImports(code)).toEqual([]);
  });

  it('ignores import statements quoted inside strings', () => {
    const code =
      'warn(`Please update your app to \\`import { RouterProvider } from "react-router/dom"\\``);' +
      'const s="import x from \'./quoted.js\'";import{y}from"./real.js";';
    expect(staticImports(code)).toEqual(['./real.js']);
  });
});

describe('resolveLocal', () => {
  it('resolves root-absolute and relative specifiers, and leaves bare names and other hosts alone', () => {
    expect(resolveLocal('/assets/a.js', 'index.html')).toBe('assets/a.js');
    expect(resolveLocal('./b.js?v=1', 'assets/a.js')).toBe('assets/b.js');
    expect(resolveLocal('../c.js', 'assets/sub/a.js')).toBe('assets/c.js');
    expect(resolveLocal('react', 'assets/a.js')).toBeUndefined();
    expect(resolveLocal('https://cdn.example/x.js', 'index.html')).toBeUndefined();
    expect(resolveLocal('../../outside.js', 'assets/a.js')).toBeUndefined();
  });
});

describe('firstLoadJs', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('sums the gzip -9 sizes of the entry, its preloads and their static imports, once each, without lazy chunks', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'first-load-'));
    await mkdir(path.join(dir, 'assets'));
    const files: Record<string, string> = {
      'index.html':
        '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/shared.js">',
      'assets/index.js': 'import{s}from"./shared.js";import"./side.js";const l=()=>import("./lazy.js");s(l);',
      'assets/shared.js': 'import{v}from"./vendor.js";export const s=(x)=>v(x);',
      'assets/side.js': 'import{s}from"./shared.js";s(1);',
      'assets/vendor.js': 'export const v=(x)=>x;'.repeat(20),
      'assets/lazy.js': 'import{v}from"./vendor.js";import"./only-lazy.js";v(2);',
      'assets/only-lazy.js': 'console.log("never on first load");',
    };
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);

    const report = await firstLoadJs(dir);
    const names = report.chunks.map((c) => c.file);
    expect(names.sort()).toEqual(['assets/index.js', 'assets/shared.js', 'assets/side.js', 'assets/vendor.js']);
    const gz = (name: string) => gzipSync(Buffer.from(files[name]!), { level: 9 }).length;
    expect(report.totalGzipBytes).toBe(
      gz('assets/index.js') + gz('assets/shared.js') + gz('assets/side.js') + gz('assets/vendor.js'),
    );
    expect(report.totalBytes).toBe(names.reduce((sum, n) => sum + Buffer.byteLength(files[n]!), 0));
    expect(report.chunks.find((c) => c.file === 'assets/vendor.js')?.via).toBe('assets/shared.js');
    expect(report.unresolved).toEqual([]);
  });

  it('counts brotli as sent: the build’s .br copy where there is one, else quality 11 computed', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'first-load-'));
    const main = 'import"./other.js";'.padEnd(400, '/* main */');
    const other = 'export const o=1;'.repeat(30);
    await writeFile(path.join(dir, 'index.html'), '<script type="module" src="/main.js"></script>');
    await writeFile(path.join(dir, 'main.js'), main);
    await writeFile(path.join(dir, 'other.js'), other);
    // A stand-in copy: its length, not a recompression, is what counts.
    await writeFile(path.join(dir, 'main.js.br'), Buffer.alloc(123));
    const report = await firstLoadJs(dir);
    const computed = brotliCompressSync(Buffer.from(other), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(report.chunks.map((c) => [c.file, c.brotliBytes, c.brotliFromBuild])).toEqual([
      ['main.js', 123, true],
      ['other.js', computed, false],
    ]);
    expect(report.totalBrotliBytes).toBe(123 + computed);
  });

  it('reports missing files and bare specifiers as unresolved instead of failing', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'first-load-'));
    await writeFile(path.join(dir, 'index.html'), '<script type="module" src="/main.js"></script>');
    await writeFile(path.join(dir, 'main.js'), 'import"./gone.js";import{x}from"react";x();');
    const report = await firstLoadJs(dir);
    expect(report.chunks.map((c) => c.file)).toEqual(['main.js']);
    expect(report.unresolved).toEqual(['react (in main.js)', 'gone.js (missing, from main.js)']);
  });
});
