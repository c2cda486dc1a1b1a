import { expect, type BrowserContext, type Page } from '@playwright/test';

export const IAM = 'http://localhost:3003/iamserver/api/v1';
export const DEMO_ADMIN = { emailId: 'admin@demo.test', password: 'Freight!2026' };

/** Signs in through the API and stores the four cookies the way the app does (docs/api.md section 5). */
export async function signInWithCookies(
  context: BrowserContext,
): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await context.request.post(`${IAM}/auth/login`, { data: DEMO_ADMIN });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { accessToken: string; refreshToken: string } };
  await context.addCookies(sessionCookies(data));
  return data;
}

/** The four session cookies for `localhost`, issued now (docs/api.md section 5). */
export function sessionCookies(tokens: { accessToken: string; refreshToken: string }) {
  const issued = Buffer.from(String(Date.now())).toString('base64');
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: 'localhost',
    path: '/',
    sameSite: 'Lax' as const,
  });
  return [
    cookie('__cez_at', tokens.accessToken),
    cookie('__cez_rt', tokens.refreshToken),
    cookie('__cez_atxr', issued),
    cookie('__cez_rtxr', issued),
  ];
}

/** Waits until a service worker controls the page (reloading once after the first install). */
export async function waitForWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** `count` calls to fetch-user from inside the page, without headers: the worker adds them. */
export function fetchUserFromPage(page: Page, count: number): Promise<number[]> {
  return page.evaluate(
    async ({ url, n }) =>
      Promise.all(
        Array.from({ length: n }, () =>
          fetch(url).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      ),
    { url: `${IAM}/fetch-user`, n: count },
  );
}

/** The Harbor company's admin (demo seed): specs that change data use it so the demo company's counts stay. */
export const HARBOR_ADMIN = { emailId: 'admin@harbor.test', password: 'Freight!2026' };

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughForm(page: Page, user: { emailId: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.emailId);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Sign-in, set-up and the dashboard's first data: more than the default 5 s on a busy 2-core machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
}

/** Every settings screen with a list or a form of its own (the role and template record screens aside). */
export const SETTINGS_SCREENS = [
  '/settings/profile',
  '/settings/company',
  '/settings/users',
  '/settings/roles',
  '/settings/templates',
  '/settings/issues',
  '/settings/business-types',
  '/settings/receiving-locations',
  '/settings/picklist',
  '/settings/currencies',
  '/settings/countries',
  '/settings/oceanport',
  '/settings/airport',
];
