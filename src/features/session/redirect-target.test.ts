import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNED_IN_PATH, safeRelativePath, selectRedirectTarget, signedInRedirect } from './redirect-target';

describe('selectRedirectTarget', () => {
  it('uses the redirect_uri value', () => {
    expect(selectRedirectTarget('?redirect_uri=%2Fsettings%2Fcompany')).toBe('/settings/company');
  });

  it('keeps the query and hash of the target', () => {
    expect(selectRedirectTarget('?redirect_uri=%2Fsettings%2Fusers%3Fpage%3D2%23top')).toBe(
      '/settings/users?page=2#top',
    );
  });

  it('takes the first value when redirect_uri is a list', () => {
    expect(selectRedirectTarget('?redirect_uri=/settings/roles&redirect_uri=/settings/company')).toBe(
      '/settings/roles',
    );
    expect(selectRedirectTarget('?redirect_uri=/settings/roles,/settings/company')).toBe('/settings/roles');
  });

  it('goes to the dashboard without a redirect_uri', () => {
    expect(selectRedirectTarget('')).toBe(DEFAULT_SIGNED_IN_PATH);
    expect(selectRedirectTarget('?redirect_uri=')).toBe(DEFAULT_SIGNED_IN_PATH);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\n/evil.example',
    '/\t/evil.example',
    'data:text/html,hi',
  ])('refuses the open redirect %j', (target) => {
    expect(selectRedirectTarget(new URLSearchParams({ redirect_uri: target }))).toBe(DEFAULT_SIGNED_IN_PATH);
  });

  it('does not loop back to the sign-in page', () => {
    expect(selectRedirectTarget('?redirect_uri=/login%3Fredirect_uri%3D%2Fx')).toBe(DEFAULT_SIGNED_IN_PATH);
  });
});

describe('safeRelativePath', () => {
  it('normalises dot segments without leaving the origin', () => {
    expect(safeRelativePath('/a/../settings')).toBe('/settings');
    expect(safeRelativePath('/../../etc')).toBe('/etc');
  });
});

describe('signedInRedirect', () => {
  it('sends a signed-in visitor of a login path on', () => {
    expect(signedInRedirect({ pathname: '/login', search: '?redirect_uri=/settings/company' })).toBe(
      '/settings/company',
    );
    expect(signedInRedirect({ pathname: '/login', search: '' })).toBe('/dashboard');
    expect(signedInRedirect({ pathname: '/old/Login/page', search: '' })).toBe('/dashboard');
  });

  it('sends a URL with a token and a social sign-in marker to the dashboard', () => {
    expect(signedInRedirect({ pathname: '/', search: '?token=abc&social=google' })).toBe('/dashboard');
    expect(signedInRedirect({ pathname: '/socialSignIn', search: '?token=abc' })).toBe('/dashboard');
  });

  it('leaves every other URL alone', () => {
    expect(signedInRedirect({ pathname: '/settings/profile', search: '' })).toBeUndefined();
    expect(signedInRedirect({ pathname: '/account-reset/confirm', search: '?token=abc' })).toBeUndefined();
  });
});
