// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workbox } from 'workbox-window';
import type * as ServiceWorkerModule from './service-worker';

// A fresh module per test: whether updates are wired is the page's state, kept by the module.
let sw: typeof ServiceWorkerModule;
beforeEach(async () => {
  vi.resetModules();
  sw = await import('./service-worker');
});

type Listener = (event: { isUpdate?: boolean }) => void;

/** A stand-in for workbox-window's Workbox that records listeners and lets the test fire them. */
function fakeWorkbox(register: () => Promise<ServiceWorkerRegistration | undefined>) {
  const listeners = new Map<string, Listener[]>();
  const fake = {
    register: vi.fn(register),
    messageSkipWaiting: vi.fn(),
    addEventListener: vi.fn((type: string, listener: Listener) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    }),
    fire(type: string, event: { isUpdate?: boolean } = {}) {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
  };
  return fake;
}

describe('registerServiceWorker', () => {
  const hadServiceWorker = 'serviceWorker' in navigator;

  afterEach(() => {
    vi.restoreAllMocks();
    if (!hadServiceWorker) Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  function pretendServiceWorkersExist(): void {
    if (!('serviceWorker' in navigator)) {
      Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    }
  }

  it('does nothing when disabled (development builds)', async () => {
    const createWorkbox = vi.fn();
    await expect(sw.registerServiceWorker({ enabled: false, createWorkbox })).resolves.toBeUndefined();
    expect(createWorkbox).not.toHaveBeenCalled();
  });

  it('resolves to undefined instead of throwing when registration is blocked', async () => {
    pretendServiceWorkersExist();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fake = fakeWorkbox(() => Promise.reject(new Error('blocked')));

    const result = await sw.registerServiceWorker({
      enabled: true,
      watchUpdates: true,
      createWorkbox: () => fake as unknown as Workbox,
    });

    expect(result).toBeUndefined();
    expect(fake.register).toHaveBeenCalledTimes(1);
  });

  it('offers a waiting update instead of forcing it, and reloads only when an update takes control', async () => {
    pretendServiceWorkersExist();
    const registration = {} as ServiceWorkerRegistration;
    const fake = fakeWorkbox(() => Promise.resolve(registration));
    const reload = vi.fn();

    const result = await sw.registerServiceWorker({
      enabled: true,
      watchUpdates: true,
      reload,
      createWorkbox: () => fake as unknown as Workbox,
    });
    expect(result).toBe(registration);

    const told = vi.fn();
    const stop = sw.onUpdateWaiting(told);
    expect(sw.updateWaiting()).toBe(false);
    fake.fire('waiting');
    // Offered (the update prompt shows), not applied: the user's waiting changes decide when.
    expect(told).toHaveBeenCalledTimes(1);
    expect(sw.updateWaiting()).toBe(true);
    expect(fake.messageSkipWaiting).not.toHaveBeenCalled();
    sw.applyUpdate();
    expect(fake.messageSkipWaiting).toHaveBeenCalledTimes(1);
    stop();

    fake.fire('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    fake.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('registers a logged-out page with the browser alone, and wires the updates once someone signs in', async () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    const createWorkbox = vi.fn(() => fakeWorkbox(() => Promise.resolve({} as ServiceWorkerRegistration)));

    // No session cookies: no workbox-window on this page.
    await sw.registerServiceWorker({ enabled: true, createWorkbox: createWorkbox as unknown as () => Workbox });
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(createWorkbox).not.toHaveBeenCalled();

    // Signed in: the frame wires the update events, once however often it asks.
    const options = { enabled: true, createWorkbox: createWorkbox as unknown as () => Workbox };
    await sw.watchServiceWorkerUpdates(options);
    await sw.watchServiceWorkerUpdates(options);
    expect(createWorkbox).toHaveBeenCalledTimes(1);
  });
});
