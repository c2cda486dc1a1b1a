import { defineConfig } from '@playwright/test';

/**
 * End-to-end specs against the production build, served the way users get it (scripts/start.mjs
 * builds with Vite and serves dist/ on port 8080 with SPA fallback, plus the services).
 *
 * PW_WEB_SERVER_COMMAND replaces that command, e.g. to run the web specs against `vite preview`
 * without the services: PW_WEB_SERVER_COMMAND='npx vite build && npx vite preview --port 8080 --strictPort'.
 */
/** Access token lifetime of the product under test, seconds (the session specs wait it out). */
export const E2E_ACCESS_TOKEN_TTL_S = 20;

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: 'http://localhost:8080',
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
  webServer: {
    command: process.env.PW_WEB_SERVER_COMMAND ?? 'node scripts/start.mjs',
    url: 'http://localhost:8080/',
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // A 20 s access token, so the session specs can watch it expire and be refreshed; every other spec
    // signs in (if at all) for less than that or goes through the refresh like a user would.
    // The local proxy is trusted, so that the office-NAT spec can sign in from an office address of its own
    // (X-Forwarded-For) and never move the sign-in throttle of 127.0.0.1, which every other spec uses.
    env: {
      DATA_DIR: '.data/e2e',
      ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL_S),
      TRUST_PROXY: '127.0.0.1,::1',
      // The super admin of the app-admin spec, seeded with the demo data into the fresh data folder.
      SEED_SUPER_ADMIN: 'support@freightdesk.test',
    },
  },
});
