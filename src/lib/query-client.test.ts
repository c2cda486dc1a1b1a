import { describe, expect, it } from 'vitest';
import { QUERY_STALE_TIME_MS, createQueryClient, queryClient } from './query-client';

describe('query client', () => {
  it('keeps data fresh for five minutes', () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it('does not refetch on window focus', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it('shares one configured instance', () => {
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
  });
});
