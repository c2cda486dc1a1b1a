import { Box, Flex, chakra } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { signedInRedirect } from '../features/session/redirect-target';
import { applyLanguage } from '../lib/i18n/i18n';
import { LanguageSelect } from '../lib/i18n/language-select';
import { useT } from '../lib/i18n/use-t';
import { onSessionExpired } from '../lib/session/session-expired-notice';
import { useSession } from '../lib/session/use-session';
import { Logo } from '../lib/ui/logo';
import { currentToasts, showToast, subscribeToasts } from '../lib/ui/toast-store';
import { RequireAuth } from './require-auth';
import type SignedInFrameComponent from './signed-in-frame';
import { RouteLoading } from './route-loading';

type SignedInFrameModule = { default: typeof SignedInFrameComponent };
let signedInFrameModule: SignedInFrameModule | undefined;

/**
 * Loads the signed-in frame's chunk; the entry calls it before the first render of a repeat visit, so the
 * frame's chunk arrives beside the session's instead of after the first render asks for it.
 */
export function loadSignedInFrame(): Promise<SignedInFrameModule> {
  return import('./signed-in-frame').then((module) => (signedInFrameModule = module));
}

// The navigation bar, banners, progress bar and integrations: only for signed-in users, so a lazy chunk.
// Once loaded, `lazy` is handed a thenable that resolves at once: React then renders the frame in the same
// pass instead of suspending for a tick on a promise that is already settled.
const SignedInFrame = lazy(() =>
  signedInFrameModule
    ? ({
        then: (resolve: (module: SignedInFrameModule) => void) => resolve(signedInFrameModule!),
      } as unknown as Promise<SignedInFrameModule>)
    : loadSignedInFrame(),
);
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

/**
 * The frame of the public screens (sign-in, password links, social sign-in): the brand panel beside the
 * screen on wide windows, the logo above it on narrow ones.
 */
function PublicFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Flex minHeight="100dvh">
      <Flex
        display={{ base: 'none', lg: 'flex' }}
        direction="column"
        justifyContent="space-between"
        width="md"
        flexShrink={0}
        padding={10}
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.800"
        gradientTo="brand.950"
      >
        <Logo inverted size="lg" />
        <Box>
          <chakra.p fontSize="3xl" fontWeight="semibold" lineHeight="short" letterSpacing="-0.02em">
            {t('brand.tagline')}
          </chakra.p>
          <chakra.p marginTop={4} color="brand.100">
            {t('brand.body')}
          </chakra.p>
        </Box>
        <chakra.p textStyle="sm" color="brand.200">
          {t('brand.isolation')}
        </chakra.p>
      </Flex>
      <Box as="main" flex="1" paddingX={{ base: 4, md: 8 }} paddingY={{ base: 6, md: 8 }}>
        <Flex justifyContent="space-between" alignItems="center" marginBottom={{ base: 6, lg: 0 }}>
          <Box display={{ base: 'block', lg: 'none' }}>
            <Logo />
          </Box>
          <Box marginStart="auto">
            <LanguageSelect />
          </Box>
        </Flex>
        {children}
      </Box>
    </Flex>
  );
}

/**
 * The frame around every screen: the signed-in frame (nav bar, banners) or a plain one, the auth-status
 * loading overlay, the toasts, and the redirects of a signed-in visitor (docs/product-rules.md section 2).
 */
export function AppLayout() {
  const { isLoggedIn, authStatusLoading, company } = useSession();
  const location = useLocation();

  // The company's language is the default of its users; a user's own choice (kept by applyLanguage) wins.
  const companyLanguage = company?.prefered_language;
  useEffect(() => void applyLanguage({ companyDefault: companyLanguage }), [companyLanguage]);

  // docs/product-rules.md section 8: "Your session has expired, please login again." once per page session. Here, not
  // in the signed-in frame, because the logout that follows unmounts that frame.
  useEffect(
    () => onSessionExpired((message) => showToast({ id: 'session-expired', status: 'error', title: message })),
    [],
  );

  const redirect = isLoggedIn ? signedInRedirect(location) : undefined;
  if (redirect) return <Navigate to={redirect} replace />;

  const screen = (
    <RequireAuth session={{ isLoggedIn, authStatusLoading }}>
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
            <Box as="main" padding={8}>
              <RouteLoading />
            </Box>
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
