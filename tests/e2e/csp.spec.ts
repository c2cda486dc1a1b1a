import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, submitSignInForm } from './session-helpers';

/**
 * The Content-Security-Policy is the compensating control for script-readable tokens (issue 9, item 5):
 * it must be strict and the app must run under it without a single violation. Every
 * `securitypolicyviolation` event of every document the page loads is collected from before the app's
 * first script runs, and so is every console report of a blocked load.
 */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

async function collectViolations(page: Page): Promise<{ events: Violation[]; console: string[] }> {
  const events: Violation[] = [];
  const consoleReports: string[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: Violation) => events.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation;
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  return { events, console: consoleReports };
}

test('sign-in, the dashboard, mail and notifications run under the CSP with zero violations', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await collectViolations(page);

  const response = await page.goto('/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain('connect-src ');
  expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response?.headers()['permissions-policy']).toContain('camera=()');

  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await submitSignInForm(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('button', { name: 'Mail' }).click();
  const mail = page.getByRole('dialog', { name: 'Mail' });
  await expect(mail).toBeVisible();
  await mail.getByLabel('Subject').fill('CSP check');
  await mail.getByRole('textbox', { name: 'Message' }).click();
  await mail.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Styled by the editor');
  await expect(mail.getByRole('textbox', { name: 'Message' }).locator('b, strong')).toHaveText('Styled by the editor');
  await page.keyboard.press('Escape');
  await expect(mail).toHaveCount(0);

  await nav.getByRole('button', { name: /^Notifications/ }).click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications).toBeVisible();
  await notifications.getByRole('button', { name: 'Close' }).click();
  await expect(notifications).toHaveCount(0);

  // A reload of the signed-in dashboard: the document then comes from the service worker's precache.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(violations.events).toEqual([]);
  expect(violations.console).toEqual([]);
});

test('the policy blocks an injected inline script, and the listener sees it', async ({ page }) => {
  const violations = await collectViolations(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    const handler = document.createElement('img');
    handler.setAttribute('onerror', 'window.__injected = true;');
    handler.src = 'data:,not-an-image';
    document.body.append(handler);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });

  expect(ran).toBe(false);
  await expect.poll(() => violations.events.map((v) => v.directive)).toContain('script-src-elem');
  expect(violations.events.map((v) => v.directive)).toContain('script-src-attr');
});
