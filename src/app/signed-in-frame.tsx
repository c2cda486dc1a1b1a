import { Box } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { onUpdateWaiting, updateWaiting, watchServiceWorkerUpdates } from '../lib/service-worker';
import { QueryProvider } from '../lib/query-provider';
import { usePreferencesSync } from '../lib/app-settings/app-settings';
import { useProductionIntegrations } from '../lib/integrations/use-production-integrations';
import { useSession } from '../lib/session/use-session';
import { RouteProgressBar } from '../lib/ui/route-progress-bar';
import { Banners } from './banners';
import { useFrameSnapshot } from './frame-snapshot-capture';
import { NavBar, NAV_BAR_HEIGHT } from './nav-bar';

/**
 * The frame of every screen while someone is signed in: the fixed navigation bar, the banners under it,
 * the route-change progress bar, and the production integrations. A lazy chunk of its own, so the
 * /login first load carries none of it; for the same reason it also provides TanStack Query to the
 * signed-in screens.
 */
export default function SignedInFrame({ children }: { children: ReactNode }) {
  const { user } = useSession();
  useProductionIntegrations(user);
  // The picture of this frame the worker draws before the app runs on the next visit.
  useFrameSnapshot();
  return (
    <QueryProvider>
      <PreferencesSync />
      <RouteProgressBar />
      <NavBar />
      <UpdateGate />
      <Box paddingTop={NAV_BAR_HEIGHT}>
        <Banners />
        {/* One content column for every screen: the same inset on each page (a narrower screen starts at
            the same edge), the same width limit, and on a phone the same 16 px margins. */}
        <Box as="main" data-frame-content="" paddingX={{ base: 4, md: 8 }} paddingY={{ base: 6, md: 8 }}>
          <Box maxWidth="7xl" marginX="auto" minWidth={0}>
            {children}
          </Box>
        </Box>
      </Box>
    </QueryProvider>
  );
}

const UpdatePrompt = lazy(() => import('./update-prompt'));

/**
 * The update prompt, loaded only when a new build waits. A page that started logged out registered the
 * worker without workbox-window's update events: they are wired here, once someone is signed in.
 */
function UpdateGate() {
  useEffect(() => void watchServiceWorkerUpdates(), []);
  const waiting = useSyncExternalStore(onUpdateWaiting, updateWaiting, () => false);
  return waiting ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}

/** Applies the user's app settings (language, formats, theme) once they load. */
function PreferencesSync() {
  usePreferencesSync();
  return null;
}
