import { describe, expect, it } from 'vitest';
import { isRouteHandle, matchesRequireAuth } from './route-handle';

describe('matchesRequireAuth', () => {
  it('is true when any matched route requires auth', () => {
    expect(
      matchesRequireAuth([
        { handle: { name: 'root', requiresAuth: false } },
        { handle: { name: 'settings', requiresAuth: true } },
        { handle: { name: 'settingsProfile', requiresAuth: false } },
      ]),
    ).toBe(true);
  });

  it('is false when no matched route requires auth, and ignores routes without a handle', () => {
    expect(matchesRequireAuth([{ handle: undefined }, { handle: { name: 'login', requiresAuth: false } }])).toBe(false);
  });
});

describe('isRouteHandle', () => {
  it.each([null, undefined, 'login', { name: 'login' }, { requiresAuth: true }])('rejects %j', (value) => {
    expect(isRouteHandle(value)).toBe(false);
  });
});
