/**
 * The bar chart's arithmetic, pure: an axis that ends on a round number (1, 2 or 5 times a power of ten)
 * at or above the largest count, its ticks, and each bar's length on it.
 */

/** The smallest round number (1, 2, 2.5 or 5 × 10ⁿ, whole) at or above `max`; 1 for an empty chart. */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const candidate = step * power;
    if (candidate >= max && Number.isInteger(candidate)) return candidate;
  }
  return 10 * power;
}

/** The axis' ticks from 0 to `top`, `count` steps (fewer when the steps would not be whole numbers). */
export function ticks(top: number, count = 5): number[] {
  for (let steps = Math.min(count, top); steps >= 1; steps -= 1) {
    if (top % steps === 0) return Array.from({ length: steps + 1 }, (_, i) => (top / steps) * i);
  }
  return [0, top];
}

export interface ChartScale {
  top: number;
  ticks: number[];
  /** A count's length in the bar area's units (0 to `width`). */
  length: (count: number) => number;
}

/** The scale of a chart of `counts` drawn `width` units wide; a count above zero shows at least a sliver. */
export function chartScale(counts: readonly number[], width: number): ChartScale {
  const top = niceMax(Math.max(0, ...counts));
  return {
    top,
    ticks: ticks(top),
    length: (count) => (count <= 0 ? 0 : Math.max(2, (Math.min(count, top) / top) * width)),
  };
}
