// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  close: vi.fn(async () => true),
  addIntegration: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  lazyLoadIntegration: vi.fn(async () => (options: unknown) => ({ name: 'Replay', options })),
}));
vi.mock('@sentry/browser', () => sentry);
vi.mock('../api/api-client', () => ({ apiFetch: vi.fn(async () => ({ pendoKey: 'pk-123' })) }));

import { loadIntegrations } from './load-integrations';
import { ALL_INTEGRATIONS, INTEGRATION_SCRIPT_IDS } from './integration-plan';
import { removeIntegrations } from './remove-integrations';

describe('loadIntegrations / removeIntegrations', () => {
  afterEach(() => {
    removeIntegrations();
    vi.unstubAllEnvs();
  });

  it('injects each script once with its id, starts Sentry with replay, and removes it all at logout', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', 'https://k@o.ingest.example/1');
    await loadIntegrations(ALL_INTEGRATIONS, { _id: 'u1', emailId: 'a@b.test' });
    await loadIntegrations(ALL_INTEGRATIONS, { _id: 'u1', emailId: 'a@b.test' });

    for (const id of Object.values(INTEGRATION_SCRIPT_IDS)) {
      expect(document.querySelectorAll(`script#${id}`)).toHaveLength(1);
    }
    expect(document.getElementById(INTEGRATION_SCRIPT_IDS['product-analytics'])?.getAttribute('src')).toContain(
      'pk-123',
    );
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({ tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 }),
    );
    expect(sentry.lazyLoadIntegration).toHaveBeenCalledWith('replayIntegration');
    expect(sentry.addIntegration).toHaveBeenCalledWith({
      name: 'Replay',
      options: { maskAllText: true, maskAllInputs: true, blockAllMedia: true },
    });

    removeIntegrations();
    for (const id of Object.values(INTEGRATION_SCRIPT_IDS)) expect(document.getElementById(id)).toBeNull();
    expect(sentry.close).toHaveBeenCalled();
  });

  it('loads nothing when given no integrations', async () => {
    await loadIntegrations([], { _id: 'u1' });
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
