/**
 * Serves the built PWA on the web port: files from `dist/` with SPA fallback to `index.html`.
 * `sw.js` and `index.html` are `no-cache` (a deploy must reach users at once); Vite's hashed assets are
 * `immutable`. Paths under `/{service}/api/` are never answered with the app shell. The build writes a
 * brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file (vite.config.ts); the one the
 * browser accepts is sent as is, so nothing is compressed per request. Every answer carries the security
 * headers of security-headers.ts.
 *
 * `/login` is answered with the sign-in page the build prerendered (`login.html`, README "First load") when
 * the visitor will see exactly that page (src/shared/login-prerender.ts), else with the shell like any route.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ERROR_CODES } from '../../src/shared/api-envelope.ts';
import {
  PRERENDERED_LOGIN_FILE,
  PRERENDERED_LOGIN_PATH,
  acceptLanguageTags,
  servesPrerenderedLogin,
} from '../../src/shared/login-prerender.ts';
import { webSecurityHeaders, type WebSecurityConfig } from './security-headers.ts';

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

// login.html names the build's hashed assets like index.html does, so it must not outlive a deploy either.
const NO_CACHE = new Set([
  '/sw.js',
  '/index.html',
  `/${PRERENDERED_LOGIN_FILE}`,
  '/manifest.webmanifest',
  '/registerSW.js',
]);
const API_PATH = /^\/[a-z]+\/api\//;

export function cacheControlFor(urlPath: string): string {
  if (NO_CACHE.has(urlPath)) return 'no-cache';
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** The precompressed copies the build writes, in the server's order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * The encoding to send for an `Accept-Encoding` header: the acceptable one with the highest q-value, ties
 * going to the smaller brotli; undefined for identity. `*` covers what is not listed; `q=0` refuses.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding['name'] | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding['name'] | undefined;
  let bestWeight = 0;
  for (const { name } of ENCODINGS) {
    const weight = weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
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

export async function buildStaticSite(options: {
  root: string;
  logger: Logger;
  /** Hosts the Content-Security-Policy allows (server/config.ts: the `VITE_*` variables the build read). */
  security: WebSecurityConfig;
}): Promise<FastifyInstance> {
  const root = path.resolve(options.root);
  const { security } = options;
  const app = Fastify({
    loggerInstance: options.logger.child({ service: 'web' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (req, reply) => {
      reply.headers(webSecurityHeaders(req.headers.host, security));
      let urlPath: string;
      try {
        urlPath = decodeURIComponent((req.url.split('?')[0] ?? '/').replace(/\/+/g, '/'));
      } catch {
        return reply.code(400).send({ message: 'Malformed path', code: ERROR_CODES.BAD_REQUEST });
      }
      if (API_PATH.test(urlPath)) {
        return reply.code(404).send({ message: 'Not found', code: ERROR_CODES.NOT_FOUND });
      }
      let served = urlPath === '/' ? '/index.html' : urlPath;
      if (urlPath === PRERENDERED_LOGIN_PATH) {
        const prerendered = servesPrerenderedLogin(
          req.headers.cookie,
          acceptLanguageTags(req.headers['accept-language']),
        );
        served = prerendered ? `/${PRERENDERED_LOGIN_FILE}` : '/index.html';
        // Which page /login is depends on these headers: no shared cache may answer one visitor with another's.
        reply.header('vary', 'Cookie, Accept-Language');
      }
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
      // A copy exists for every compressible file or for none; answers for such a file vary by encoding.
      const compressed = await Promise.all(
        ENCODINGS.map(async (encoding) => ({ encoding, file: await fileAt(root, `${cachePath}${encoding.suffix}`) })),
      );
      const wanted = preferredEncoding(req.headers['accept-encoding']);
      const chosen = compressed.find((c) => c.encoding.name === wanted && c.file !== undefined);
      const sent = chosen?.file ?? file;
      const info = await stat(sent);
      reply
        .header('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream')
        .header('cache-control', cacheControlFor(cachePath))
        .header('content-length', info.size);
      if (compressed.some((c) => c.file !== undefined)) {
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      }
      if (chosen) reply.header('content-encoding', chosen.encoding.name);
      if (cachePath === '/sw.js') reply.header('service-worker-allowed', '/');
      if (req.method === 'HEAD') return reply.send();
      return reply.send(createReadStream(sent));
    },
  });
  return app;
}
