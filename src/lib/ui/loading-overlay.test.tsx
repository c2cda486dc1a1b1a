// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING_OVERLAY_CLOSE_DELAY_MS, useDelayedClose } from './loading-overlay';

describe('useDelayedClose', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('opens at once and closes 400 ms after loading ends', () => {
    vi.useFakeTimers();
    expect(LOADING_OVERLAY_CLOSE_DELAY_MS).toBe(400);
    const { result, rerender } = renderHook(({ active }) => useDelayedClose(active, LOADING_OVERLAY_CLOSE_DELAY_MS), {
      initialProps: { active: true },
    });
    expect(result.current).toBe(true);
    rerender({ active: false });
    act(() => void vi.advanceTimersByTime(399));
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });
});
