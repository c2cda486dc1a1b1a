import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { webSecurityConfigFromEnv } from './security-headers.ts';
import { buildStaticSite, preferredEncoding } from './static-site.ts';

const APP_JS = `export const app = ${JSON.stringify('x'.repeat(4000))};`;
const COMPRESSED: Record<string, string> = {
  'assets/app-def456.js': APP_JS,
  'shell.html': '<!doctype html><title>compressed shell</title>',
};

const LOGIN_HTML = '<!doctype html><title>prerendered sign-in</title><div id="root" data-prerendered="/login">';

let root: string;
let site: FastifyInstance;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  // The sign-in page the build prerenders (vite.config.ts), with its compressed copies.
  await writeFile(path.join(root, 'login.html'), LOGIN_HTML);
  await writeFile(path.join(root, 'login.html.br'), brotliCompressSync(LOGIN_HTML));
  await writeFile(path.join(root, 'login.html.gz'), gzipSync(LOGIN_HTML));
  await writeFile(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  // As the build leaves them: a brotli and a gzip copy beside each compressible file.
  for (const [file, content] of Object.entries(COMPRESSED)) {
    await writeFile(path.join(root, file), content);
    await writeFile(path.join(root, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(root, `${file}.gz`), gzipSync(content));
  }
  await writeFile(path.join(os.tmpdir(), 'outside-secret.txt'), 'do not serve');
  site = await buildStaticSite({ root, logger: createLogger('silent'), security: webSecurityConfigFromEnv({}) });
});
afterAll(async () => {
  await site?.close();
  await rm(root, { recursive: true, force: true });
});

describe('static web app', () => {
  it('serves index.html and sw.js without caching, hashed assets as immutable', async () => {
    const index = await site.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-type']).toContain('text/html');
    const sw = await site.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await site.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');
  });

  it('falls back to the app shell for client routes', async () => {
    for (const route of ['/dashboard', '/settings/users/123', '/account-reset/confirm?token=x']) {
      const res = await site.inject({ method: 'GET', url: route });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a missing asset and any API path with a JSON 404, not the shell', async () => {
    for (const route of ['/assets/missing-123.js', '/iamserver/api/v1/fetch-user']) {
      const res = await site.inject({ method: 'GET', url: route });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('never serves a file outside the web root', async () => {
    for (const route of [
      '/../outside-secret.txt',
      '/%2e%2e/outside-secret.txt',
      '/assets/..%2f..%2foutside-secret.txt',
    ]) {
      const res = await site.inject({ method: 'GET', url: route });
      expect(res.body).not.toContain('do not serve');
    }
  });
});

describe('precompressed assets', () => {
  it('sends the brotli copy to a browser that accepts it, with the type, length and Vary of the file', async () => {
    const res = await site.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends gzip where brotli is not accepted, and the file itself where neither is', async () => {
    const gz = await site.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    for (const acceptEncoding of [undefined, 'identity', 'deflate', '*;q=0']) {
      const plain = await site.inject({
        method: 'GET',
        url: '/assets/app-def456.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body).toBe(APP_JS);
      expect(Number(plain.headers['content-length'])).toBe(APP_JS.length);
    }
  });

  it('answers HEAD with the headers of the compressed copy and no body', async () => {
    const res = await site.inject({
      method: 'HEAD',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(APP_JS).length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('keeps the caching rules: a compressed page is still no-cache', async () => {
    const res = await site.inject({ method: 'GET', url: '/shell.html', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('compressed shell');
  });

  it('never sends an encoding to a file that has no compressed copy', async () => {
    const res = await site.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toContain('addEventListener');
  });

  it('picks the encoding by q-value, brotli on a tie', () => {
    expect(preferredEncoding('gzip, br')).toBe('br');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('security headers', () => {
  it('puts the Content-Security-Policy and the other security headers on pages, assets and errors', async () => {
    for (const url of ['/', '/login', '/assets/app-def456.js', '/assets/missing-1.js', '/iamserver/api/v1/x']) {
      const res = await site.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } });
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self';");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('prerendered sign-in page', () => {
  const login = (headers: Record<string, string> = {}) =>
    site.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'en-US,en;q=0.9', ...headers } });

  it('answers /login with login.html, uncached and compressed, varying by the headers that chose it', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('prerendered sign-in');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');

    const br = await login({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LOGIN_HTML);
    // The query (redirect_uri) does not change the page.
    expect((await site.inject({ method: 'GET', url: '/login?redirect_uri=/settings/company' })).body).toContain(
      'prerendered sign-in',
    );
  });

  it('sends the shell to a visitor who would not see that page: another language, a choice, a session', async () => {
    for (const headers of [
      { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' } as Record<string, string>,
      { 'accept-language': 'de-DE,es;q=0.5' },
      { cookie: 'fd-login-prerender=off' },
      { cookie: 'a=1; fd-login-prerender=off' },
      { cookie: '__cez_at=a; __cez_rt=b' },
    ]) {
      const res = await login(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body, JSON.stringify(headers)).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('gives English to a browser that speaks neither language, and to one that prefers English', async () => {
    for (const acceptLanguage of ['de-DE,fr;q=0.8', 'en-GB,es;q=0.9', 'es;q=0.1,en;q=0.9', '']) {
      const res = await login({ 'accept-language': acceptLanguage });
      expect(res.body, acceptLanguage).toContain('prerendered sign-in');
    }
  });

  it('falls back to the shell when the build has no login.html', async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'site-bare-'));
    await writeFile(path.join(bare, 'index.html'), '<!doctype html><title>shell</title>');
    const other = await buildStaticSite({
      root: bare,
      logger: createLogger('silent'),
      security: webSecurityConfigFromEnv({}),
    });
    try {
      const res = await other.inject({ method: 'GET', url: '/login' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
    } finally {
      await other.close();
      await rm(bare, { recursive: true, force: true });
    }
  });
});
