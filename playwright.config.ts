import { defineConfig } from '@playwright/test';
import { productHostFor, WEB_ORIGIN, webOriginFor } from './tests/e2e/product-address';

/**
 * End-to-end specs against the production build, served the way users get it (scripts/start.mjs
 * builds with Vite and serves dist/ on port 8080 with SPA fallback, plus the services).
 *
 * Each worker has a product of its own, with its own database, on its own loopback address
 * (tests/e2e/product-address.ts): the first product builds, the others start from that build. E2E_WORKERS
 * sets how many (default 2: this 2-core machine spends much of a run waiting on token expiries and
 * page loads, which a second worker fills).
 *
 * PW_WEB_SERVER_COMMAND replaces that command, e.g. to run the web specs against `vite preview`
 * without the services (one worker): PW_WEB_SERVER_COMMAND='npx vite build && npx vite preview --port 8080 --strictPort'.
 */
/** Access token lifetime of the product under test, seconds (the session specs wait it out). */
export const E2E_ACCESS_TOKEN_TTL_S = 20;

const WORKERS = Number(process.env.E2E_WORKERS ?? (process.env.PW_WEB_SERVER_COMMAND ? 1 : 2));

/** The product of worker `index`: worker 0's is the one a developer reuses with `npm start` running. */
export function productFor(index: number) {
  const host = productHostFor(index);
  const origin = webOriginFor(index);
  return {
    command: process.env.PW_WEB_SERVER_COMMAND ?? 'node scripts/start.mjs',
    url: `${origin}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // A 20 s access token, so the session specs can watch it expire and be refreshed; every other spec
    // signs in (if at all) for less than that or goes through the refresh like a user would.
    // The local proxy is trusted, so that the office-NAT spec can sign in from an office address of its own
    // (X-Forwarded-For) and never move the sign-in throttle of 127.0.0.1, which every other spec uses.
    env: {
      DATA_DIR: index === 0 ? '.data/e2e' : `.data/e2e-${index}`,
      ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL_S),
      TRUST_PROXY: '127.0.0.1,::1',
      // The super admin of the app-admin spec, seeded with the demo data into the fresh data folder.
      SEED_SUPER_ADMIN: 'support@freightdesk.test',
      // Another worker's product listens on its own loopback address and names it in its links and CORS.
      ...(index === 0 ? {} : { HOST: host, CORS_ORIGINS: origin, PUBLIC_WEB_URL: origin }),
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  workers: WORKERS,
  // Two workers share two cores (and this machine with other runs): a spec that took 23 s alone took 32 s
  // beside another, over the default 30 s. The specs with long flows set their own.
  timeout: 60_000,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // This worker's product: the config is loaded again in each worker, after Playwright set its index.
    baseURL: WEB_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium (docs/field-notes.md), not a browser downloaded by Playwright.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: WORKERS === 1 ? productFor(0) : allProducts(),
});

/**
 * Every worker's product, started together by one command (Playwright starts the entries of a webServer
 * list one after another, and a fresh product takes most of a minute to migrate and seed).
 */
function allProducts() {
  const products = Array.from({ length: WORKERS }, (_, index) => productFor(index));
  return {
    command: 'node tests/e2e/start-products.mjs',
    wait: { stdout: /e2e products ready/ },
    timeout: 300_000,
    env: { E2E_PRODUCTS: JSON.stringify(products.map(({ url, env }) => ({ url, env }))) },
  };
}
