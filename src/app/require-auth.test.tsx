// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { getAppSystem } from './chakra-system';
import { routes } from './routes';
import { RequireAuth } from './require-auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../lib/session-context';
import { createQueryClient } from '../lib/query-client';

/**
 * A lazy screen's first import is transformed on demand; on a busy machine that takes more than
 * findBy's default second (the users screens carry the table and form libraries).
 */
const LAZY_SCREEN = { timeout: 5000 };

/** Renders the real route table in memory, with the given session, starting at `path`. */
function renderAt(path: string, isLoggedIn: boolean) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ChakraProvider value={getAppSystem()}>
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider session={{ isLoggedIn }}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return router;
}

describe('RequireAuth with the route table', () => {
  afterEach(cleanup);

  it('sends a logged-out visitor of / to /login, remembering where they were going', async () => {
    const router = renderAt('/', false);

    expect(await screen.findByRole('heading', { name: 'Sign in' }, LAZY_SCREEN)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect_uri')).toBe('/dashboard');
  });

  it('keeps the full deep link, query included, in redirect_uri', async () => {
    const router = renderAt('/settings/users?page=2', false);

    await screen.findByRole('heading', { name: 'Sign in' }, LAZY_SCREEN);
    expect(new URLSearchParams(router.state.location.search).get('redirect_uri')).toBe('/settings/users?page=2');
  });

  it('shows a protected screen to a signed-in user', async () => {
    const router = renderAt('/settings/profile', true);

    // The profile screen itself, waiting for the user (the test's session carries none).
    expect(await screen.findByText('Loading the user…', {}, LAZY_SCREEN)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings/profile');
  });

  it('takes a signed-in user from / to the dashboard', async () => {
    const router = renderAt('/', true);

    expect(await screen.findByRole('heading', { name: 'Dashboard' }, LAZY_SCREEN)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows public screens without a session', async () => {
    renderAt('/account-reset/confirm', false);
    expect(await screen.findByRole('heading', { name: 'Confirm password reset' }, LAZY_SCREEN)).toBeTruthy();
  });

  it('shows not-found for an unknown path, signed in or not', async () => {
    const router = renderAt('/no-such-page', false);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_SCREEN)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page');
  });

  it('shows the sign-in form to a logged-out visitor', async () => {
    renderAt('/login', false);
    expect(await screen.findByRole('button', { name: 'Sign in' }, LAZY_SCREEN)).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it.each([
    ['/login?redirect_uri=%2Fsettings%2Fcompany', '/settings/company'],
    ['/login?redirect_uri=/settings/roles&redirect_uri=/settings/company', '/settings/roles'],
    ['/login?redirect_uri=%2F%5Cevil.example', '/dashboard'],
    ['/login?redirect_uri=%2F%2Fevil.example', '/dashboard'],
    ['/login', '/dashboard'],
  ])('sends a signed-in visitor of %s to %s', async (path, target) => {
    const router = renderAt(path, true);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(target));
  });
});

describe('RequireAuth with the session its caller read', () => {
  afterEach(cleanup);

  /** A protected route whose guard is given `given`, under a session store that says `stored`. */
  function renderGuard(given: { isLoggedIn: boolean; authStatusLoading: boolean }, stored: { isLoggedIn: boolean }) {
    const router = createMemoryRouter(
      [
        {
          path: '/protected',
          handle: { name: 'dashboard', requiresAuth: true },
          element: (
            <RequireAuth session={given}>
              <p>The protected screen</p>
            </RequireAuth>
          ),
        },
        { path: '/login', element: <p>The sign-in screen</p> },
      ],
      { initialEntries: ['/protected'] },
    );
    render(
      <SessionProvider session={stored}>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
  }

  it('renders nothing protected while the reading it was given is still loading, whatever the store says since', () => {
    // The frame was chosen for a session still loading (the public frame, without the query provider):
    // the screen must not render there even though the store already says signed in.
    renderGuard({ isLoggedIn: false, authStatusLoading: true }, { isLoggedIn: true });
    expect(screen.queryByText('The protected screen')).toBeNull();
    expect(screen.queryByText('The sign-in screen')).toBeNull();
  });

  it('renders the screen for the signed-in reading it was given', () => {
    renderGuard({ isLoggedIn: true, authStatusLoading: false }, { isLoggedIn: false });
    expect(screen.getByText('The protected screen')).toBeTruthy();
  });
});
