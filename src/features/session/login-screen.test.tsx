// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from './login-screen';

// The screen's edges: the iam calls, the Google popup and the session store.
const api = vi.hoisted(() => ({ login: vi.fn(), socialLogin: vi.fn(), verifyCode: vi.fn() }));
const google = vi.hoisted(() => ({ signInWithGoogle: vi.fn() }));
const store = vi.hoisted(() => ({ completeSignIn: vi.fn() }));
vi.mock('./api/sign-in', () => api);
vi.mock('./google-sign-in', () => google);
vi.mock('../../lib/session/session-store', () => store);

const TOKENS = { accessToken: 'a.b.c', refreshToken: 'r' };
const CHALLENGE = { twoFactorRequired: true, challengeId: 'challenge-1' };

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', element: <LoginScreen /> }], { initialEntries: ['/login'] });
  render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}

function signInWithPassword() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'admin@harbor.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function enterCode(code: string) {
  fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('the sign-in screen', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.completeSignIn.mockResolvedValue(undefined);
    api.verifyCode.mockResolvedValue(TOKENS);
  });
  afterEach(cleanup);

  it('signs in with e-mail and password', async () => {
    api.login.mockResolvedValue(TOKENS);
    renderLogin();
    signInWithPassword();
    await waitFor(() => expect(store.completeSignIn).toHaveBeenCalledWith(TOKENS));
    expect(api.login).toHaveBeenCalledWith('admin@harbor.test', 'secret-password');
  });

  it('asks for the mailed code after the password when the company requires it', async () => {
    api.login.mockResolvedValue(CHALLENGE);
    renderLogin();
    signInWithPassword();
    await enterCode('654321');
    await waitFor(() => expect(store.completeSignIn).toHaveBeenCalledWith(TOKENS));
    expect(api.verifyCode).toHaveBeenCalledWith('challenge-1', '654321');
  });

  it('asks Google sign-in for the mailed code too', async () => {
    google.signInWithGoogle.mockResolvedValue('google-id-token');
    api.socialLogin.mockResolvedValue(CHALLENGE);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await enterCode('123456');
    await waitFor(() => expect(store.completeSignIn).toHaveBeenCalledWith(TOKENS));
    expect(api.socialLogin).toHaveBeenCalledWith('google-id-token');
    expect(store.completeSignIn).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the Google window is closed', async () => {
    google.signInWithGoogle.mockResolvedValue(null);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(google.signInWithGoogle).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false));
    expect(api.socialLogin).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
