import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, openSignedIn, SETTINGS_SCREENS } from './session-helpers';

/**
 * Issue 11: axe-core finds no serious or critical violation on any settings screen. Every screen of the
 * settings area is opened by an administrator (who sees them all) once its data is in, then analysed in
 * light mode; the screens with every kind of control (forms, lists, the matrix, the template editor) in
 * dark mode too, which found white on the dark brand blue at 4.42:1.
 */
// The parts are independent, so the workers share them out instead of one test running for minutes.
test.describe.configure({ timeout: 180_000, mode: 'parallel' });

// The role creation screen too, which has no list of its own.
const SCREENS = [...SETTINGS_SCREENS, '/accounts/roles/create/'];
/** The screens with every kind of control, analysed in dark mode too. */
const DARK_TOO = new Set(['/settings/profile', '/settings/users', '/settings/picklist']);
const PARTS = 3;

/** The serious and critical violations on `path`, once its data is in, in light (and maybe dark) mode. */
async function violationsOn(page: Page, path: string, darkToo: boolean): Promise<string[]> {
  const found: string[] = [];
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0);
  // Colours are measured as they end up, not halfway through a button's colour transition.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  for (const mode of darkToo ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), mode === 'dark');
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      found.push(`${path} (${mode}): ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  return found;
}

for (let part = 0; part < PARTS; part++) {
  const paths = SCREENS.filter((_, index) => index % PARTS === part);
  test(`no serious or critical accessibility violation on the settings screens, part ${part + 1} of ${PARTS}`, async ({
    page,
  }) => {
    await openSignedIn(page, DEMO_ADMIN, paths[0]!);
    const found: string[] = [];
    for (const path of paths) found.push(...(await violationsOn(page, path, DARK_TOO.has(path))));
    expect(found).toEqual([]);
  });
}

test('no serious or critical accessibility violation on a role and a template, in both modes', async ({ page }) => {
  // The record screens behind the lists: the first role and the first template.
  await openSignedIn(page, DEMO_ADMIN, '/settings/roles');
  const role = await page.getByRole('main').getByRole('link', { name: 'Admin', exact: true }).getAttribute('href');
  await page.goto('/settings/templates');
  const template = await page
    .getByRole('main')
    .getByRole('link', { name: 'Invitation', exact: true })
    .getAttribute('href');
  const found: string[] = [];
  for (const path of [role!, template!]) found.push(...(await violationsOn(page, path, true)));
  expect(found).toEqual([]);
});
