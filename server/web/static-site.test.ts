import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { buildStaticSite } from './static-site.ts';

let root: string;
let site: FastifyInstance;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  await writeFile(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(os.tmpdir(), 'outside-secret.txt'), 'do not serve');
  site = await buildStaticSite({ root, logger: createLogger('silent') });
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
