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

import { itemAnswer } from '../../shared/contracts/resource-contract';
import { configKeyAnswerSchema } from '../../shared/contracts/session';
import { loadIntegrations } from './load-integrations';
import { ALL_INTEGRATIONS, INTEGRATION_SCRIPT_IDS } from './integration-plan';
import { removeIntegrations } from './remove-integrations';

/** iamserver's answer to `GET /auth/fetch-config-key`, as the wire carries it: checked against the contract. */
const configKeyAnswer = itemAnswer(configKeyAnswerSchema).parse({ data: { pendoKey: 'pk-123' } });

function answerWith(body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('loadIntegrations / removeIntegrations', () => {
  afterEach(() => {
    removeIntegrations();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it("loads product analytics with the key from the `data` of fetch-config-key's answer", async () => {
    const fetchMock = answerWith(configKeyAnswer);
    await loadIntegrations(['product-analytics'], { _id: 'u1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/iamserver\/api\/v1\/auth\/fetch-config-key$/);
    const script = document.getElementById(INTEGRATION_SCRIPT_IDS['product-analytics']);
    expect(script?.getAttribute('src')).toContain('pk-123');
  });

  it('loads no product analytics, and says why, when the answer does not match the contract', async () => {
    answerWith({ pendoKey: 'pk-123' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadIntegrations(['product-analytics', 'web-analytics'], { _id: 'u1' });
    expect(document.getElementById(INTEGRATION_SCRIPT_IDS['product-analytics'])).toBeNull();
    expect(document.getElementById(INTEGRATION_SCRIPT_IDS['web-analytics'])).not.toBeNull();
    expect(logged).toHaveBeenCalledWith(
      'integration product-analytics failed to load',
      expect.objectContaining({ code: 'INVALID_RESPONSE', details: [expect.objectContaining({ path: 'data' })] }),
    );
    logged.mockRestore();
  });

  it('injects each script once with its id, starts Sentry with replay, and removes it all at logout', async () => {
    answerWith(configKeyAnswer);
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
