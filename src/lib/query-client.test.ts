import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STALE_TIME_MS, createQueryClient, queryClient } from './query-client';

afterEach(() => vi.useRealTimers());

describe('query client', () => {
  it('keeps data fresh for five minutes', () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it('does not refetch on window focus', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it("keeps a query nobody watches for the persisted copy's 24 hours, not 5 minutes", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = createQueryClient();
    await client.fetchQuery({
      queryKey: ['contacts', 'item', 'c1'],
      queryFn: () => ({ name: 'Rotterdam Reefer Lines' }),
    });
    vi.advanceTimersByTime(6 * 60 * 60_000);
    expect(client.getQueryData(['contacts', 'item', 'c1'])).toEqual({ name: 'Rotterdam Reefer Lines' });
    vi.advanceTimersByTime(18 * 60 * 60_000 + 1);
    expect(client.getQueryData(['contacts', 'item', 'c1'])).toBeUndefined();
  });

  it('shares one configured instance', () => {
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
  });
});
