// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { kitT } from './strings';
import { useFormAction } from './use-form-action';

describe('useFormAction', () => {
  it('says a refusal in words and is no longer busy, then clears the message when the retry succeeds', async () => {
    const action = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce();
    const { result } = renderHook(() => useFormAction(action));
    await act(() => result.current.run());
    expect(result.current.error).toBe(kitT('save.generic'));
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run());
    expect(result.current.error).toBeUndefined();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('is busy while the action runs', async () => {
    let finish = () => {};
    const { result } = renderHook(() => useFormAction(() => new Promise<void>((resolve) => (finish = resolve))));
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run();
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.busy).toBe(false);
  });
});
