/**
 * The JavaScript a browser fetches for the first page load of the built web app: the module scripts and
 * `modulepreload` links of index.html, plus everything those chunks import statically (transitively).
 * Dynamic `import()` is not followed: lazy screens load later. Sizes are gzip level 9 (node zlib) and brotli
 * as the web server sends it: the build's `.br` copy beside the file (vite.config.ts, quality 11), or the
 * file compressed the same way where the build left none.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export interface ChunkSize {
  /** Path relative to the build folder, with forward slashes. */
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Brotli: the build's `.br` copy (what the web server sends), else quality 11 computed here. */
  brotliBytes: number;
  /** Whether `brotliBytes` is the build's own `.br` copy. */
  brotliFromBuild: boolean;
  /** Who pulled it in: `index.html` or the importing chunk. */
  via: string;
}

export interface FirstLoadReport {
  chunks: ChunkSize[];
  totalBytes: number;
  totalGzipBytes: number;
  totalBrotliBytes: number;
  /** Specifiers that could not be followed (bare names, absolute URLs to other hosts, missing files). */
  unresolved: string[];
}

function attributes(tag: string): Map<string, string | true> {
  const attrs = new Map<string, string | true>();
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  // Skip the tag name.
  const body = tag.replace(/^<\s*[\w-]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(re)) attrs.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? true);
  return attrs;
}

/** The URLs of index.html's `<script type="module" src>` and `<link rel="modulepreload" href>`, in order. */
export function htmlEntries(html: string): string[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const urls: string[] = [];
  for (const m of withoutComments.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    if (m[1]!.toLowerCase() === 'script') {
      const src = attrs.get('src');
      if (attrs.get('type') === 'module' && typeof src === 'string') urls.push(src);
    } else {
      const rel = attrs.get('rel');
      const href = attrs.get('href');
      if (
        typeof rel === 'string' &&
        rel.toLowerCase().split(/\s+/).includes('modulepreload') &&
        typeof href === 'string'
      )
        urls.push(href);
    }
  }
  return [...new Set(urls)];
}

/**
 * The specifiers of a chunk's static imports and re-exports: `import x from "y"`, `import{a as b}from"y"`,
 * `import * as x from "y"`, `import "y"`, `export * from "y"`, `export{a}from"y"`. Not `import("y")`.
 * Meant for bundler output (minified or not), not a full parser: an import statement written out on its
 * own line inside a multi-line string or comment would still count.
 */
export function staticImports(code: string): string[] {
  const specifiers: string[] = [];
  const named = String.raw`(?:\*\s*as\s+[\w$]+|\{[^}]*\})`;
  const clause = String.raw`(?:\s+[\w$]+(?:\s*,\s*${named})?|\s*${named})`;
  // A static import or re-export is a statement: it starts the file or follows `;`, `}`, a line break or
  // a comment's end. This skips `import … from "x"` quoted inside strings, e.g. in error messages.
  const start = String.raw`(?<=(?:^|[;}\n\r/])[ \t]*)`;
  const importRe = new RegExp(String.raw`${start}import(?:${clause}\s*from)?\s*(["'])([^"'\n]+)\1`, 'g');
  for (const m of code.matchAll(importRe)) specifiers.push(m[2]!);
  const exportRe = new RegExp(
    String.raw`${start}export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"'\n]+)\1`,
    'g',
  );
  for (const m of code.matchAll(exportRe)) specifiers.push(m[2]!);
  return [...new Set(specifiers)];
}

/**
 * Resolves `specifier` found in `fromFile` (relative to `root`, forward slashes; `index.html` for the page)
 * to a file relative to `root`, or `undefined` when it is not a local file (bare name, other host).
 */
export function resolveLocal(specifier: string, fromFile: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith('//')) return undefined;
  const clean = specifier.replace(/[?#].*$/, '');
  if (clean.startsWith('/')) return path.posix.normalize(clean.slice(1));
  if (clean.startsWith('./') || clean.startsWith('../')) {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), clean));
    return resolved.startsWith('..') ? undefined : resolved;
  }
  return undefined;
}

/** Walks the first-load graph of the build in `root` (the folder holding index.html). */
export async function firstLoadJs(root: string, htmlFile = 'index.html'): Promise<FirstLoadReport> {
  const html = await readFile(path.join(root, htmlFile), 'utf8');
  const queue: { file: string; via: string }[] = [];
  const unresolved: string[] = [];
  for (const url of htmlEntries(html)) {
    const file = resolveLocal(url, htmlFile);
    if (file) queue.push({ file, via: htmlFile });
    else unresolved.push(`${url} (in ${htmlFile})`);
  }
  const seen = new Set<string>();
  const chunks: ChunkSize[] = [];
  while (queue.length > 0) {
    const { file, via } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let content: Buffer;
    try {
      content = await readFile(path.join(root, file));
    } catch {
      unresolved.push(`${file} (missing, from ${via})`);
      continue;
    }
    const brotliCopy = await readFile(path.join(root, `${file}.br`)).catch(() => undefined);
    chunks.push({
      file,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
      brotliBytes: (brotliCopy ?? brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })).length,
      brotliFromBuild: brotliCopy !== undefined,
      via,
    });
    for (const specifier of staticImports(content.toString('utf8'))) {
      const next = resolveLocal(specifier, file);
      if (next) queue.push({ file: next, via: file });
      else unresolved.push(`${specifier} (in ${file})`);
    }
  }
  return {
    chunks,
    totalBytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
    totalGzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
    totalBrotliBytes: chunks.reduce((sum, c) => sum + c.brotliBytes, 0),
    unresolved,
  };
}
