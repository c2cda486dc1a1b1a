import { describe, expect, it } from 'vitest';
import { badgeText } from './notification-badge';

describe('badgeText', () => {
  it.each([
    [0, undefined],
    [-1, undefined],
    [Number.NaN, undefined],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%d unread → %j', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});
