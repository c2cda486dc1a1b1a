/**
 * The one check of the tenant-isolation matrices (iam-isolation.test.ts, master-isolation.test.ts): an
 * attacker's call against a victim's data never crashes, is refused where the matrix says so, leaks none of
 * the victim's markers, and (for a write) stores nothing. Used only by *.test.ts files.
 */
import { expect } from 'vitest';
import type { App } from '../http/build-service-app.ts';

/** One call of a route against the victim's data. */
export interface IsolationProbe {
  method: string;
  url: string;
  payload?: object;
  /** Statuses that count as refused; empty: any answer below 500, checked for leaks. */
  refused: number[];
}

/**
 * Sends `probe` as `attacker` and checks the answer against `victimMarkers`; `digest` reads what a write could
 * have changed, compared before and after every probe that is not a GET.
 */
export async function expectIsolated(
  app: App,
  probe: IsolationProbe,
  attacker: { authorization: string },
  victimMarkers: readonly string[],
  digest: () => Promise<unknown>,
): Promise<void> {
  const before = probe.method === 'GET' ? undefined : await digest();
  const res = await app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    headers: attacker,
    ...(probe.payload ? { payload: probe.payload } : {}),
  });
  const label = `${probe.method} ${probe.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, label).toBeLessThan(500);
  if (probe.refused.length > 0) expect(probe.refused, label).toContain(res.statusCode);
  for (const marker of victimMarkers) expect(res.body.includes(marker), `${label} leaks ${marker}`).toBe(false);
  if (before !== undefined) expect(await digest(), label).toEqual(before);
}
