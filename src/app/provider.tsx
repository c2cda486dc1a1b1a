import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { getProviderSystem } from './chakra-system';
import { SessionProvider } from '../lib/session-context';

/**
 * Every app-wide provider, outermost first, so tests can wrap a screen the way the app does. TanStack
 * Query's provider is not among them: it comes with the lazy chunks that query (src/lib/query-provider.tsx).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={getProviderSystem()}>
      <SessionProvider>{children}</SessionProvider>
    </ChakraProvider>
  );
}
