// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workbox } from 'workbox-window';
import { applyUpdate, onUpdateWaiting, registerServiceWorker, updateWaiting } from './service-worker';

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
    await expect(registerServiceWorker({ enabled: false, createWorkbox })).resolves.toBeUndefined();
    expect(createWorkbox).not.toHaveBeenCalled();
  });

  it('resolves to undefined instead of throwing when registration is blocked', async () => {
    pretendServiceWorkersExist();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fake = fakeWorkbox(() => Promise.reject(new Error('blocked')));

    const result = await registerServiceWorker({
      enabled: true,
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

    const result = await registerServiceWorker({
      enabled: true,
      reload,
      createWorkbox: () => fake as unknown as Workbox,
    });
    expect(result).toBe(registration);

    const told = vi.fn();
    const stop = onUpdateWaiting(told);
    expect(updateWaiting()).toBe(false);
    fake.fire('waiting');
    // Offered (the update prompt shows), not applied: the user's waiting changes decide when.
    expect(told).toHaveBeenCalledTimes(1);
    expect(updateWaiting()).toBe(true);
    expect(fake.messageSkipWaiting).not.toHaveBeenCalled();
    applyUpdate();
    expect(fake.messageSkipWaiting).toHaveBeenCalledTimes(1);
    stop();

    fake.fire('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    fake.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
