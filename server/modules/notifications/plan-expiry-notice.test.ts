/**
 * The daily plan-expiry notice: sent to the admins of companies whose plan expires within 14 days, once
 * per company per day whatever the number of runs.
 */
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-apps.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import type { App } from '../../http/build-service-app.ts';
import { IAM, signIn, userIdOf } from './notification-test-kit.ts';
import { notifyExpiringPlans, planExpiryTitle } from './plan-expiry-notice.ts';

let t: TestDatabase;
let app: App;
const now = new Date('2030-03-10T08:00:00Z');

async function setExpiry(company: string, date: string) {
  await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
    tx.query('UPDATE companies SET plan_expiry_date = $2 WHERE name = $1', [company, date]),
  );
}

setUpTestApp('iamserver', async (built) => {
  ({ t, app } = built);
  await setExpiry('Demo Freight', '2030-03-15'); // in 5 days
  await setExpiry('Harbor Logistics', '2030-03-25'); // in 15 days: outside the window
  await setExpiry('Expired Cargo', '2030-03-09'); // already expired
});

describe('notifyExpiringPlans', () => {
  it('notifies the admins (role with company permissions) of companies expiring within 14 days', async () => {
    const sent = await notifyExpiringPlans({ db: t.db }, now);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ expiryDate: '2030-03-15', userIds: [await userIdOf(t.db, 'admin@demo.test')] });

    const admin = await signIn(app, 'admin@demo.test');
    const list = (await app.inject({ method: 'GET', url: `${IAM}/notifications`, headers: admin })).json();
    expect(list.meta.unread).toBe(1);
    expect(list.data[0]).toMatchObject({
      kind: 'plan-expiry',
      title: 'Your plan expires in 5 days',
      link: '/settings/company',
    });
    expect(list.data[0].body).toContain('2030-03-15');
    // Operations users are not told.
    const ops = await signIn(app, 'ops@demo.test');
    expect((await app.inject({ method: 'GET', url: `${IAM}/notifications`, headers: ops })).json().meta.total).toBe(0);
  });

  it('sends at most once per company per day, and again the next day', async () => {
    expect(await notifyExpiringPlans({ db: t.db }, new Date('2030-03-10T23:59:00Z'))).toEqual([]);
    const [parallelA, parallelB] = await Promise.all([
      notifyExpiringPlans({ db: t.db }, new Date('2030-03-11T06:00:00Z')),
      notifyExpiringPlans({ db: t.db }, new Date('2030-03-11T06:00:01Z')),
    ]);
    // 2030-03-11: Demo again (a new day), and Harbor (2030-03-25) is now inside the window: each once.
    const sent = [...parallelA, ...parallelB].map((n) => n.expiryDate).sort();
    expect(sent).toEqual(['2030-03-15', '2030-03-25']);
    expect(await notifyExpiringPlans({ db: t.db }, new Date('2030-03-11T12:00:00Z'))).toEqual([]);
  });

  it('words the title by days left', () => {
    expect(planExpiryTitle(0)).toBe('Your plan expires today');
    expect(planExpiryTitle(1)).toBe('Your plan expires tomorrow');
    expect(planExpiryTitle(14)).toBe('Your plan expires in 14 days');
  });
});
