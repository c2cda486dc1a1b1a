import { describe, expect, it } from 'vitest';
import { PROGRESS_SETTINGS, RouteProgress, type ProgressClock, type ProgressState } from './route-progress';

/** A manual clock: `tick(ms)` runs every timer due by then, in order. */
function manualClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: ProgressClock = {
    setTimeout: (callback, ms) => {
      timers.set(++nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const tick = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = end;
  };
  return { clock, tick };
}

describe('PROGRESS_SETTINGS', () => {
  it('are the constants of docs/product-rules.md section 9', () => {
    expect(PROGRESS_SETTINGS).toEqual({ minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 });
  });
});

describe('RouteProgress', () => {
  const setup = () => {
    const { clock, tick } = manualClock();
    const states: ProgressState[] = [];
    const progress = new RouteProgress(
      (s) => states.push(s),
      clock,
      () => 1,
    );
    return { progress, states, tick };
  };

  it('starts at the minimum', () => {
    const { progress } = setup();
    progress.start();
    expect(progress.current).toEqual({ status: 0.08, fading: false });
  });

  it('trickles by at most trickleRate every trickleSpeed ms, never reaching 1', () => {
    const { progress, tick } = setup();
    progress.start();
    tick(799);
    expect(progress.current.status).toBe(0.08);
    tick(1);
    expect(progress.current.status).toBeCloseTo(0.1);
    tick(800 * 100);
    expect(progress.current.status).toBeLessThan(1);
  });

  it('completes, fades after speed ms and hides after another speed ms', () => {
    const { progress, tick } = setup();
    progress.start();
    progress.done();
    expect(progress.current).toEqual({ status: 1, fading: false });
    tick(200);
    expect(progress.current).toEqual({ status: 1, fading: true });
    tick(200);
    expect(progress.current).toEqual({ status: null, fading: false });
  });

  it('restarts cleanly while fading', () => {
    const { progress, tick } = setup();
    progress.start();
    progress.done();
    tick(200);
    progress.start();
    tick(400);
    expect(progress.current.status).toBe(0.08);
    expect(progress.current.fading).toBe(false);
  });

  it('ignores done when not started', () => {
    const { progress, states } = setup();
    progress.done();
    expect(states).toEqual([]);
  });
});
