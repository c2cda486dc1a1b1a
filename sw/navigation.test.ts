// @vitest-environment jsdom
// jsdom only provides the `self` global that Workbox's modules read when they load.
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES, servicePrefix } from '../src/shared/services';
import { SERVICE_API_PATH } from './navigation';

describe('app-shell navigation denylist', () => {
  it.each(SERVICE_NAMES)('leaves %s API paths to the network', (service) => {
    expect(SERVICE_API_PATH.test(`${servicePrefix(service)}/auth/login`)).toBe(true);
    expect(SERVICE_API_PATH.test(`${servicePrefix(service)}/filesystem/file?id=1`)).toBe(true);
  });

  it.each([
    '/',
    '/login',
    '/dashboard',
    '/settings/profile',
    '/settings/templates/1/email',
    '/accounts/roles/create/',
    '/socialSignIn/failure',
  ])('serves the app shell for %s', (path) => {
    expect(SERVICE_API_PATH.test(path)).toBe(false);
  });
});
