import { defineConfig } from '@playwright/test';
import base, { productFor } from './playwright.config';

/**
 * The SMTP leg of the mail end-to-end test: the product runs with SMTP_URL pointing at a real SMTP
 * server that this run starts (tests/e2e-smtp/smtp-sink.mjs). It is a run of its own because the
 * local mailbox, which the main run reads, never exists when SMTP_URL is set (docs/api.md section 4).
 */
const mainServer = productFor(0);

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-smtp',
  // One product (worker 0's, at localhost), for the one SMTP server.
  workers: 1,
  webServer: [
    {
      command: 'node tests/e2e-smtp/smtp-sink.mjs',
      url: 'http://127.0.0.1:2580/health',
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      ...mainServer,
      // Never reuse a running product: it would deliver to the local mailbox, not to this SMTP server.
      reuseExistingServer: false,
      env: { ...mainServer.env, DATA_DIR: '.data/e2e-smtp', SMTP_URL: 'smtp://127.0.0.1:2525' },
    },
  ],
});
