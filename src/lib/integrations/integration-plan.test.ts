import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST_CONFIG, environmentFor } from '../../shared/session-hosts';
import { integrationsFor } from './integration-plan';
import { sentryPlan, SENTRY_SAMPLING } from './sentry-options';
import { integrationSettings } from './integration-settings';

const setFor = (hostname: string) => [...integrationsFor(environmentFor(hostname, DEFAULT_HOST_CONFIG))].sort();

describe('integrationsFor each host', () => {
  it('loads all four on the production host', () => {
    expect(setFor(DEFAULT_HOST_CONFIG.production.pageHost)).toEqual([
      'product-analytics',
      'sentry',
      'support-chat',
      'web-analytics',
    ]);
  });

  it.each([
    DEFAULT_HOST_CONFIG.dev.pageHost,
    DEFAULT_HOST_CONFIG.io.pageHost,
    'localhost',
    '127.0.0.1',
    'evil.example',
  ])('loads none on %s', (hostname) => {
    expect(setFor(hostname)).toEqual([]);
  });
});

describe('sentryPlan', () => {
  it('uses the sampling of docs/product-rules.md section 9 and masks everything in replays', () => {
    const plan = sentryPlan({ dsn: 'https://k@o.ingest.example/1', environment: 'production', ...SENTRY_SAMPLING });
    expect(plan.init).toEqual({
      dsn: 'https://k@o.ingest.example/1',
      environment: 'production',
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
    expect(plan.replay).toEqual({ maskAllText: true, maskAllInputs: true, blockAllMedia: true });
  });

  it('turns replay off when both replay rates are unset', () => {
    const plan = sentryPlan({ dsn: 'd', environment: 'production' });
    expect(plan.replay).toBeUndefined();
    expect(plan.init).toEqual({ dsn: 'd', environment: 'production', tracesSampleRate: 1 });
  });

  it('keeps replay on when only one rate is set', () => {
    expect(sentryPlan({ dsn: 'd', environment: 'production', replaysOnErrorSampleRate: 1 }).replay).toBeDefined();
  });

  it('is configured with the SPEC sampling by default', () => {
    const { sentry } = integrationSettings({ VITE_SENTRY_DSN: 'd' });
    expect(sentry).toMatchObject({ tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
  });
});
