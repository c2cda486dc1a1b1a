import { describe, expect, it } from 'vitest';
import { chartScale, niceMax, ticks } from './chart-scale';

describe('the chart’s axis', () => {
  it('ends on a round number at or above the largest count', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 23, 26, 180, 999, 1001].map(niceMax)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 25, 50, 200, 1000, 2000,
    ]);
  });

  it('has whole-number ticks from zero to its end', () => {
    expect(ticks(1)).toEqual([0, 1]);
    expect(ticks(2)).toEqual([0, 1, 2]);
    expect(ticks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ticks(25)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(ticks(200)).toEqual([0, 40, 80, 120, 160, 200]);
  });

  it('draws bars in proportion, the largest within the width, a small count still visible', () => {
    const scale = chartScale([3, 1, 0], 400);
    expect(scale.top).toBe(5);
    expect(scale.length(5)).toBe(400);
    expect(scale.length(3)).toBe(240);
    expect(scale.length(0)).toBe(0);
    expect(chartScale([1000, 1], 400).length(1)).toBe(2);
    expect(chartScale([], 400).top).toBe(1);
  });
});
