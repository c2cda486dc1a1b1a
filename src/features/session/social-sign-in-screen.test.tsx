// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocialSignInScreen } from './social-sign-in-screen';

// The screen's two edges: the iam calls and the session store (both covered by their own tests).
const api = vi.hoisted(() => ({ exchangeSocialCode: vi.fn(), verifyCode: vi.fn() }));
const store = vi.hoisted(() => ({ completeSignIn: vi.fn() }));
vi.mock('./api/sign-in', () => api);
vi.mock('../../lib/session/session-store', () => store);

const TOKENS = { accessToken: 'a.b.c', refreshToken: 'r' };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/socialSignIn', element: <SocialSignInScreen /> },
      { path: '/socialSignIn/failure', element: <p>failure</p> },
      { path: '/dashboard', element: <p>dashboard</p> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

describe('/socialSignIn', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.completeSignIn.mockResolvedValue(undefined);
  });
  afterEach(cleanup);

  it('trades the code for the session once and goes to the dashboard', async () => {
    api.exchangeSocialCode.mockResolvedValue(TOKENS);
    const router = renderAt('/socialSignIn?code=one-time');

    await screen.findByText('dashboard');
    expect(api.exchangeSocialCode).toHaveBeenCalledTimes(1);
    expect(api.exchangeSocialCode).toHaveBeenCalledWith('one-time');
    expect(store.completeSignIn).toHaveBeenCalledWith(TOKENS);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('asks for the mailed code when the company requires it, and signs in only with it', async () => {
    api.exchangeSocialCode.mockResolvedValue({ twoFactorRequired: true, challengeId: 'challenge-1' });
    api.verifyCode.mockResolvedValue(TOKENS);
    const router = renderAt('/socialSignIn?code=one-time');

    const field = await screen.findByLabelText('Verification code');
    expect(store.completeSignIn).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '12 34 56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByText('dashboard');
    expect(api.verifyCode).toHaveBeenCalledWith('challenge-1', '123456');
    expect(store.completeSignIn).toHaveBeenCalledWith(TOKENS);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.exchangeSocialCode).toHaveBeenCalledTimes(1);
  });

  it('goes back to /login from the code step', async () => {
    api.exchangeSocialCode.mockResolvedValue({ twoFactorRequired: true, challengeId: 'challenge-1' });
    const router = renderAt('/socialSignIn?code=one-time');

    fireEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.completeSignIn).not.toHaveBeenCalled();
  });

  it('goes to the failure route when the code is refused or missing', async () => {
    api.exchangeSocialCode.mockRejectedValue(new Error('401'));
    const refused = renderAt('/socialSignIn?code=spent');
    await waitFor(() => expect(refused.state.location.pathname).toBe('/socialSignIn/failure'));
    cleanup();

    const missing = renderAt('/socialSignIn');
    await waitFor(() => expect(missing.state.location.pathname).toBe('/socialSignIn/failure'));
    expect(api.exchangeSocialCode).toHaveBeenCalledTimes(1);
    expect(store.completeSignIn).not.toHaveBeenCalled();
  });
});
