/**
 * Serves the built PWA on the web port: files from `dist/` with SPA fallback to `index.html`.
 * `sw.js` and `index.html` are `no-cache` (a deploy must reach users at once); Vite's hashed assets are
 * `immutable`. Paths under `/{service}/api/` are never answered with the app shell.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ERROR_CODES } from '../../src/shared/api-envelope.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

const NO_CACHE = new Set(['/sw.js', '/index.html', '/manifest.webmanifest', '/registerSW.js']);
const API_PATH = /^\/[a-z]+\/api\//;

export function cacheControlFor(urlPath: string): string {
  if (NO_CACHE.has(urlPath)) return 'no-cache';
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

async function fileAt(root: string, urlPath: string): Promise<string | undefined> {
  const resolved = path.resolve(root, `.${urlPath}`);
  // Never leave the web root, whatever the path says.
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return undefined;
  try {
    const info = await stat(resolved);
    return info.isFile() ? resolved : undefined;
  } catch {
    return undefined;
  }
}

export async function buildStaticSite(options: { root: string; logger: Logger }): Promise<FastifyInstance> {
  const root = path.resolve(options.root);
  const app = Fastify({
    loggerInstance: options.logger.child({ service: 'web' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (req, reply) => {
      let urlPath: string;
      try {
        urlPath = decodeURIComponent((req.url.split('?')[0] ?? '/').replace(/\/+/g, '/'));
      } catch {
        return reply.code(400).send({ message: 'Malformed path', code: ERROR_CODES.BAD_REQUEST });
      }
      if (API_PATH.test(urlPath)) {
        return reply.code(404).send({ message: 'Not found', code: ERROR_CODES.NOT_FOUND });
      }
      const served = urlPath === '/' ? '/index.html' : urlPath;
      let file = await fileAt(root, served);
      let cachePath = served;
      if (!file) {
        // A missing asset is a 404; a missing page is the SPA's business.
        if (path.extname(served) !== '' && !served.endsWith('.html')) {
          return reply.code(404).send({ message: 'Not found', code: ERROR_CODES.NOT_FOUND });
        }
        file = await fileAt(root, '/index.html');
        cachePath = '/index.html';
        if (!file) {
          return reply
            .code(503)
            .send({ message: 'The web app is not built yet', code: ERROR_CODES.SERVICE_UNAVAILABLE });
        }
      }
      const info = await stat(file);
      reply
        .header('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream')
        .header('cache-control', cacheControlFor(cachePath))
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff');
      if (cachePath === '/sw.js') reply.header('service-worker-allowed', '/');
      if (req.method === 'HEAD') return reply.send();
      return reply.send(createReadStream(file));
    },
  });
  return app;
}
