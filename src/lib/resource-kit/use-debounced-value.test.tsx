// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

/** Counts its renders; passes a new object literal every render, as the template preview does. */
function Probe({ subject, renders }: { subject: string; renders: { count: number; seen: string[] } }) {
  const draft = useDebouncedValue({ subject }, 400);
  renders.count += 1;
  renders.seen.push(draft.subject);
  return null;
}

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles on an object literal and then stays still, instead of re-rendering every delay', () => {
    const renders = { count: 0, seen: [] as string[] };
    const view = render(<Probe subject="Hello" renders={renders} />);
    // The parent renders again (a keystroke elsewhere): the same draft, as a new object.
    view.rerender(<Probe subject="Hello" renders={renders} />);
    // One act per delay, so that React commits (and runs effects) between the timers, as in a browser.
    for (let i = 0; i < 10; i += 1) act(() => vi.advanceTimersByTime(500));
    expect(renders.count).toBeLessThanOrEqual(3);
    expect(renders.seen.at(-1)).toBe('Hello');
  });

  it('hands out a new value only once it has stopped changing for the delay', () => {
    const renders = { count: 0, seen: [] as string[] };
    const view = render(<Probe subject="H" renders={renders} />);
    view.rerender(<Probe subject="He" renders={renders} />);
    act(() => vi.advanceTimersByTime(300));
    view.rerender(<Probe subject="Hey" renders={renders} />);
    act(() => vi.advanceTimersByTime(300));
    expect(renders.seen.at(-1)).toBe('H');
    act(() => vi.advanceTimersByTime(100));
    expect(renders.seen.at(-1)).toBe('Hey');
    expect(renders.seen).not.toContain('He');
    const settledAt = renders.count;
    for (let i = 0; i < 10; i += 1) act(() => vi.advanceTimersByTime(500));
    expect(renders.count).toBe(settledAt);
  });
});
