// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_CHUNK_RETRY_WINDOW_MS, installStaleChunkReload } from './stale-chunk-reload';

function firePreloadError(): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('installStaleChunkReload', () => {
  let uninstall: (() => void) | undefined;

  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => {
    uninstall?.();
    vi.restoreAllMocks();
  });

  it('reloads once on a failed dynamic import and swallows the error', () => {
    const reload = vi.fn();
    uninstall = installStaleChunkReload(window, { reload, now: () => 1_000_000 });

    const event = firePreloadError();

    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('never reloads while writes wait in the outbox: the error screen shows instead', () => {
    const reload = vi.fn();
    uninstall = installStaleChunkReload(window, { reload, now: () => 5_000_000, outboxHoldsWrites: () => true });

    const event = firePreloadError();

    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('lets a second failure within the window through instead of looping', () => {
    const reload = vi.fn();
    let clock = 1_000_000;
    uninstall = installStaleChunkReload(window, { reload, now: () => clock });

    firePreloadError();
    clock += STALE_CHUNK_RETRY_WINDOW_MS - 1;
    const second = firePreloadError();

    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
  });

  it('reloads again once the window has passed (a later deploy)', () => {
    const reload = vi.fn();
    let clock = 1_000_000;
    uninstall = installStaleChunkReload(window, { reload, now: () => clock });

    firePreloadError();
    clock += STALE_CHUNK_RETRY_WINDOW_MS;
    firePreloadError();

    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while offline', () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    uninstall = installStaleChunkReload(window, { reload });

    const event = firePreloadError();

    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });
});
