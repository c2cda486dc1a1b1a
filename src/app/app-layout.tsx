import { Box } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { signedInRedirect } from '../features/session/redirect-target';
import { onSessionExpired } from '../lib/session/session-expired-notice';
import { useSession } from '../lib/session/use-session';
import { currentToasts, showToast, subscribeToasts } from '../lib/ui/toast-store';
import { RequireAuth } from './require-auth';
import { RouteLoading } from './route-loading';

// The navigation bar, banners, progress bar and integrations: only for signed-in users, so a lazy chunk.
const SignedInFrame = lazy(() => import('./signed-in-frame'));
// The toasts and the auth-status overlay are lazy too, mounted the first time they have something to show:
// a logged-out /login has neither, and its first load has a 150 KB budget.
const Toaster = lazy(async () => ({ default: (await import('../lib/ui/toaster')).Toaster }));
const LoadingOverlay = lazy(async () => ({ default: (await import('../lib/ui/loading-overlay')).LoadingOverlay }));

/** True from the first render where `active` is true on (a lazy component, once mounted, stays mounted). */
function useOnceTrue(active: boolean): boolean {
  const [seen, setSeen] = useState(active);
  if (active && !seen) setSeen(true);
  return seen || active;
}

const hasToasts = () => currentToasts().length > 0;

function DeferredToaster() {
  const needed = useOnceTrue(useSyncExternalStore(subscribeToasts, hasToasts, hasToasts));
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

function DeferredLoadingOverlay({ loading }: { loading: boolean }) {
  const needed = useOnceTrue(loading);
  return needed ? (
    <Suspense fallback={null}>
      <LoadingOverlay loading={loading} />
    </Suspense>
  ) : null;
}

function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box as="main" minHeight="100dvh" paddingX={{ base: 4, md: 8 }} paddingY={8}>
      {children}
    </Box>
  );
}

/**
 * The frame around every screen: the signed-in frame (nav bar, banners) or a plain one, the auth-status
 * loading overlay, the toasts, and the redirects of a signed-in visitor (SPEC.md section 2).
 */
export function AppLayout() {
  const { isLoggedIn, authStatusLoading } = useSession();
  const location = useLocation();

  // SPEC.md section 8: "Your session has expired, please login again." once per page session. Here, not
  // in the signed-in frame, because the logout that follows unmounts that frame.
  useEffect(
    () => onSessionExpired((message) => showToast({ id: 'session-expired', status: 'error', title: message })),
    [],
  );

  const redirect = isLoggedIn ? signedInRedirect(location) : undefined;
  if (redirect) return <Navigate to={redirect} replace />;

  const screen = (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
  return (
    <>
      {isLoggedIn ? (
        // Not the screen itself meanwhile: signed-in screens may query, and the query provider comes with
        // the frame's chunk.
        <Suspense
          fallback={
            <PublicFrame>
              <RouteLoading />
            </PublicFrame>
          }
        >
          <SignedInFrame>{screen}</SignedInFrame>
        </Suspense>
      ) : (
        <PublicFrame>{screen}</PublicFrame>
      )}
      <DeferredLoadingOverlay loading={authStatusLoading} />
      <DeferredToaster />
    </>
  );
}
