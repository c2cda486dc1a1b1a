/**
 * How many shipments need attention (late, at risk, on hold), for the badge on the navigation's Shipments
 * link: the count of `GET /shipments/attention`, asked for one line only, again every five minutes.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '../lib/api/api-client';

// Only the count, with a narrow schema: the shell's first load carries none of the shipment contracts.
const countMeta = z.object({ total: z.number().int() });

export const ATTENTION_COUNT_KEY = ['shipments', 'attention-count'] as const;

export function useAttentionCount(enabled: boolean): number {
  const query = useQuery({
    queryKey: ATTENTION_COUNT_KEY,
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    retry: false,
    queryFn: async () =>
      (await apiList('shipmentserver', '/shipments/attention?limit=1', z.unknown(), { meta: countMeta })).meta.total,
  });
  return query.data ?? 0;
}
