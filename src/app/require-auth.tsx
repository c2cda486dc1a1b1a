import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { matchesRequireAuth } from './route-handle';
import { useSession } from '../lib/session/use-session';
import { logout } from '../lib/session/session-store';
import { registerRouteBridge } from '../lib/session/route-bridge';

/** Where a logged-out visitor is sent; `redirect_uri` brings them back after sign-in (docs/product-rules.md section 2). */
export function loginPathFor(from: { pathname: string; search: string; hash: string }): string {
  const target = `${from.pathname}${from.search}${from.hash}`;
  return `/login?${new URLSearchParams({ redirect_uri: target }).toString()}`;
}

/**
 * Renders its children unless the matched route's handle says `requiresAuth` and nobody is signed in:
 * then the logout flow runs and the visitor goes to /login (docs/product-rules.md section 2). While the session is
 * being set up nothing protected renders. Where a signed-in visitor of /login goes is AppLayout's
 * business (`signedInRedirect` in features/session/redirect-target.ts), decided before this guard renders.
 */
export function RequireAuth({
  children,
  session,
}: {
  children: ReactNode;
  /**
   * The session as the caller read it when it chose the frame. A render in slices (a transition) may read
   * the store at two moments: the frame chosen for a session still loading, this guard already seeing it
   * signed in, would render a signed-in screen outside the signed-in frame and its query provider (React
   * then logs "No QueryClient set" and renders the whole page again). One reading decides both.
   */
  session?: { isLoggedIn: boolean; authStatusLoading: boolean };
}) {
  const current = useSession();
  const { isLoggedIn, authStatusLoading } = session ?? current;
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const requiresAuth = matchesRequireAuth(matches);
  const bridgeState = useRef({ location, requiresAuth });
  bridgeState.current = { location, requiresAuth };
  const mustLeave = !isLoggedIn && !authStatusLoading && requiresAuth;

  useEffect(
    () =>
      registerRouteBridge({
        goToLogin: () => {
          const current = bridgeState.current.location;
          if (!current.pathname.startsWith('/login')) void navigate(loginPathFor(current), { replace: true });
        },
        currentRouteRequiresAuth: () => bridgeState.current.requiresAuth,
      }),
    [navigate],
  );

  useEffect(() => {
    // The logout flow (clears whatever a previous session left) before the visitor reaches /login.
    if (mustLeave) void logout({ redirect: false });
  }, [mustLeave]);

  if (mustLeave) return <Navigate to={loginPathFor(location)} replace />;
  if (authStatusLoading && requiresAuth) return null;
  return children;
}
