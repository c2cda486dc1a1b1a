import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  hostnameOf,
  webSecurityConfigFromEnv,
  webSecurityHeaders,
  type WebSecurityConfig,
} from './security-headers.ts';

/** The policy as a map of directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const PRODUCTION_ENV = {
  VITE_PROD_HOST: 'app.acme-freight.test',
  VITE_PROD_API_HOST: 'api.acme-freight.test',
  VITE_DEV_HOST: 'dev.acme-freight.test',
  VITE_DEV_API_HOST: 'api.dev.acme-freight.test',
  VITE_SENTRY_DSN: 'https://public@o42.ingest.sentry.io/7',
  VITE_WEB_ANALYTICS_SRC: 'https://stats.analytics.test/script.js',
  VITE_SUPPORT_CHAT_SRC: 'https://widget.chat.test/widget.js',
  VITE_FIREBASE_PROD_API_KEY: 'prod-key',
  VITE_FIREBASE_PROD_PROJECT_ID: 'acme-prod',
  VITE_FIREBASE_PROD_DATABASE_URL: 'https://acme-prod.firebaseio.com',
  VITE_FIREBASE_TEST_API_KEY: 'test-key',
};
const config: WebSecurityConfig = webSecurityConfigFromEnv(PRODUCTION_ENV);
const INTEGRATION_HOSTS = [
  'https://stats.analytics.test',
  'https://widget.chat.test',
  'https://cdn.pendo.io',
  'https://app.pendo.io',
  'https://o42.ingest.sentry.io',
  'https://browser.sentry-cdn.com',
];

describe('content security policy', () => {
  it('locally: scripts from the page origin only, calls to the page host on the eight service ports', () => {
    const csp = directives(contentSecurityPolicy('localhost:8080', webSecurityConfigFromEnv({})));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3005',
      'http://localhost:3006',
      'http://localhost:3009',
      'http://localhost:3014',
    ]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // No emulator configured: the identity provider cannot be used locally, so nothing of it is allowed.
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources.filter((s) => s.startsWith("'nonce") || s === '*')).toEqual([]);
    }
  });

  it('allows inline style only (emotion), never inline script', () => {
    const csp = directives(contentSecurityPolicy('localhost:8080', config));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('follows the page host the way the app does: 127.0.0.1 calls 127.0.0.1', () => {
    const csp = directives(contentSecurityPolicy('127.0.0.1:8080', config));
    expect(csp.get('connect-src')).toContain('http://127.0.0.1:3003');
    expect(csp.get('connect-src')).not.toContain('http://localhost:3003');
  });

  it('allows the Auth emulator locally when the build uses one', () => {
    const csp = directives(
      contentSecurityPolicy('localhost:8080', webSecurityConfigFromEnv({ VITE_FIREBASE_AUTH_EMULATOR: '1' })),
    );
    expect(csp.get('connect-src')).toContain('http://localhost:9099');
    expect(csp.get('frame-src')).toEqual(['http://localhost:9099']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://apis.google.com']);
  });

  it('on the production host: the API host, the identity provider and every production integration', () => {
    const csp = directives(contentSecurityPolicy('app.acme-freight.test', config));
    const connect = csp.get('connect-src')!;
    expect(connect).toContain('https://api.acme-freight.test');
    expect(connect).toContain('https://identitytoolkit.googleapis.com');
    expect(connect).toContain('https://securetoken.googleapis.com');
    expect(connect).toContain('wss://acme-prod.firebaseio.com');
    expect(connect).not.toContain('http://app.acme-freight.test:3003');
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://stats.analytics.test',
        'https://widget.chat.test',
        'https://cdn.pendo.io',
        'https://browser.sentry-cdn.com',
      ]),
    );
    expect(connect).toEqual(expect.arrayContaining(['https://o42.ingest.sentry.io', 'https://app.pendo.io']));
    expect(csp.get('frame-src')).toEqual(['https://acme-prod.firebaseapp.com', 'https://widget.chat.test']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows no integration host anywhere but on the production host', () => {
    for (const host of ['dev.acme-freight.test', 'localhost:8080', 'app.acme-freight.test.evil.test']) {
      const policy = contentSecurityPolicy(host, config);
      for (const integration of INTEGRATION_HOSTS) expect(policy, `${host} ${integration}`).not.toContain(integration);
    }
    const dev = directives(contentSecurityPolicy('dev.acme-freight.test', config));
    expect(dev.get('connect-src')).toContain('https://api.dev.acme-freight.test');
    expect(dev.get('frame-src')).toEqual(['https://freight-desk-test.firebaseapp.com']);
  });

  it('never echoes a Host header that is not a plain host name', () => {
    for (const host of ['evil.test; script-src *', 'a b', 'x/y', "'unsafe-inline'", 'evil.test:80:80', '']) {
      const policy = contentSecurityPolicy(host, config);
      expect(directives(policy).get('script-src'), host).toEqual(["'self'"]);
      expect(directives(policy).get('connect-src'), host).toEqual(["'self'"]);
    }
    expect(hostnameOf('LOCALHOST:8080')).toBe('localhost');
    expect(hostnameOf('[::1]:8080')).toBe('[::1]');
    expect(hostnameOf(undefined)).toBeUndefined();
  });
});

describe('web security headers', () => {
  it('adds the referrer and permissions policies beside the CSP', () => {
    const headers = webSecurityHeaders('localhost:8080', config);
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
    expect(headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/);
    expect(headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy('localhost:8080', config));
  });
});
