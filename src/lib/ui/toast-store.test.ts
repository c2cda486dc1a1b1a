import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, showToast, TOAST_DURATION_MS, TOAST_OFFSET_PX } from './toast-store';

describe('toast store', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a toast for 3000 ms, 16 px from the edge, once per id', () => {
    vi.useFakeTimers();
    expect([TOAST_DURATION_MS, TOAST_OFFSET_PX]).toEqual([3000, 16]);
    showToast({ id: 'x', status: 'error', title: 'Boom' });
    showToast({ id: 'x', status: 'error', title: 'Boom' });
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(2999);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });
});
