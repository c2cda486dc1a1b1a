import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The app's one QueryClient for the screens below. Not an app-wide provider: TanStack Query is about
 * 7 KB gzipped that a logged-out /login (150 KB budget) never uses, so the frames and screens that query
 * (the signed-in frame, the account-link screen) mount this from their own lazy chunks. Every mount
 * shares `queryClient`, so the cache is the same wherever it is read.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
