import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InstallPrompt from './install-prompt';

/** A `beforeinstallprompt` as Chromium fires it: cancelable, with `prompt()` and the user's choice. */
function fakeOffer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

describe('install prompt', () => {
  let installPrompt: typeof InstallPrompt;
  let target: EventTarget;
  let stop: () => void;

  beforeEach(async () => {
    // The offer is module state, held from start-up: a fresh module per test.
    vi.resetModules();
    installPrompt = await import('./install-prompt');
    target = new EventTarget();
    stop = installPrompt.captureInstallPrompt(target);
  });

  afterEach(() => stop());

  it('offers nothing until the browser does', async () => {
    expect(installPrompt.canInstallApp()).toBe(false);
    expect(await installPrompt.installApp()).toBe('unavailable');
  });

  it('holds the offer and keeps the browser from showing its own prompt', () => {
    const listener = vi.fn();
    installPrompt.subscribeInstallPrompt(listener);
    const { event } = fakeOffer();

    target.dispatchEvent(event);

    expect(event.defaultPrevented).toBe(true);
    expect(installPrompt.canInstallApp()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('install() shows the browser dialog once and answers the choice', async () => {
    const { event, prompt } = fakeOffer('dismissed');
    target.dispatchEvent(event);

    await expect(installPrompt.installApp()).resolves.toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    // An offer can be shown once; the browser makes a new one if it still can.
    expect(installPrompt.canInstallApp()).toBe(false);
    await expect(installPrompt.installApp()).resolves.toBe('unavailable');
    expect(prompt).toHaveBeenCalledTimes(1);

    const second = fakeOffer('accepted');
    target.dispatchEvent(second.event);
    await expect(installPrompt.installApp()).resolves.toBe('accepted');
  });

  it('a browser that refuses to show the dialog answers unavailable', async () => {
    const { event, prompt } = fakeOffer();
    prompt.mockRejectedValueOnce(new DOMException('already shown', 'InvalidStateError'));
    target.dispatchEvent(event);

    await expect(installPrompt.installApp()).resolves.toBe('unavailable');
  });

  it('appinstalled hides the offer and tells the subscribers', () => {
    target.dispatchEvent(fakeOffer().event);
    const listener = vi.fn();
    const unsubscribe = installPrompt.subscribeInstallPrompt(listener);

    target.dispatchEvent(new Event('appinstalled'));

    expect(installPrompt.canInstallApp()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    target.dispatchEvent(fakeOffer().event);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', () => {
    stop();
    target.dispatchEvent(fakeOffer().event);
    expect(installPrompt.canInstallApp()).toBe(false);
  });
});
