import { describe, expect, it } from 'vitest';
import { setupSteps } from './account-setup';
import { daysLeft } from './plan-days';

const bare = { address: {}, phone: '', currency: '', timezone: '' };

describe('the account-setup checklist', () => {
  it('ticks a step only when the data shows it done', () => {
    expect(setupSteps({ company: bare }).filter((s) => s.done)).toEqual([]);
    const steps = setupSteps({
      company: { address: { line1: 'Kade 1' }, phone: '+31 10 000', currency: 'EUR', timezone: 'Europe/Amsterdam' },
      users: 2,
      contacts: 0,
    });
    expect(Object.fromEntries(steps.map((s) => [s.id, s.done]))).toEqual({
      profile: true,
      currency: true,
      team: true,
      contact: false,
    });
  });

  it('does not count a blank address or the admin alone', () => {
    const steps = setupSteps({ company: { ...bare, address: { line1: '  ' }, phone: '1' }, users: 1 });
    expect(steps.find((s) => s.id === 'profile')?.done).toBe(false);
    expect(steps.find((s) => s.id === 'team')?.done).toBe(false);
  });
});

describe('days left on the plan', () => {
  const now = new Date('2026-11-24T18:00:00Z');
  it('counts whole days to the expiry day, negative after it', () => {
    expect(daysLeft('2026-11-24T00:00:00Z', now)).toBe(0);
    expect(daysLeft('2026-12-24T23:59:00Z', now)).toBe(30);
    expect(daysLeft('2026-11-20T00:00:00Z', now)).toBe(-4);
    expect(daysLeft('not a date', now)).toBe(0);
  });
});
