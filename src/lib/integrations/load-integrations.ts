import { configKeyAnswerSchema } from '../../shared/contracts/session';
import { apiCall } from '../api/api-client';
import { integrationSettings } from './integration-settings';
import { INTEGRATION_SCRIPT_IDS, type IntegrationName } from './integration-plan';
import { registerSentryCloser } from './remove-integrations';
import { sentryPlan } from './sentry-options';

/** Who the product-analytics widget is told about. */
export interface IntegrationUser {
  _id: string;
  emailId?: string;
  name?: string;
  companyId?: string;
}

function injectScript(id: string, src: string): HTMLScriptElement {
  const existing = document.getElementById(id);
  if (existing instanceof HTMLScriptElement) return existing;
  const script = document.createElement('script');
  script.id = id;
  script.src = src;
  script.async = true;
  document.head.appendChild(script);
  return script;
}

async function loadSentry(): Promise<void> {
  const { sentry } = integrationSettings();
  if (!sentry.dsn) return;
  // @sentry/browser, not @sentry/react: nothing React-specific is used, and the React package's import of
  // react would make the bundler split react out of the entry chunk (a few hundred bytes on /login).
  const Sentry = await import('@sentry/browser');
  const plan = sentryPlan(sentry);
  Sentry.init({ ...plan.init, integrations: [Sentry.browserTracingIntegration()] });
  registerSentryCloser(() => Sentry.close());
  if (plan.replay) {
    // Replay is ~50 KB gzipped: fetched from Sentry's CDN only when a replay rate is set.
    const replayIntegration = await Sentry.lazyLoadIntegration('replayIntegration');
    Sentry.addIntegration(replayIntegration(plan.replay));
  }
}

interface PendoGlobal {
  initialize(options: { visitor: Record<string, unknown>; account: Record<string, unknown> }): void;
}

async function loadProductAnalytics(user: IntegrationUser): Promise<void> {
  const { pendoKey } = await apiCall('iamserver', '/auth/fetch-config-key', configKeyAnswerSchema);
  if (!pendoKey) return;
  const src = integrationSettings().productAnalyticsSrc.replace('{key}', encodeURIComponent(pendoKey));
  const script = injectScript(INTEGRATION_SCRIPT_IDS['product-analytics'], src);
  script.addEventListener('load', () => {
    const pendo = (window as unknown as { pendo?: PendoGlobal }).pendo;
    pendo?.initialize({
      visitor: { id: user._id, email: user.emailId, full_name: user.name },
      account: { id: user.companyId },
    });
  });
}

/**
 * Loads the given integrations. Each one fails on its own (a blocked analytics host must not stop error
 * reporting), and failures are only logged (docs/product-rules.md section 8: other errors go to the console).
 */
export async function loadIntegrations(names: readonly IntegrationName[], user: IntegrationUser): Promise<void> {
  const settings = integrationSettings();
  const loaders: Record<IntegrationName, () => Promise<unknown>> = {
    sentry: loadSentry,
    'web-analytics': async () => injectScript(INTEGRATION_SCRIPT_IDS['web-analytics'], settings.webAnalyticsSrc),
    'support-chat': async () => injectScript(INTEGRATION_SCRIPT_IDS['support-chat'], settings.supportChatSrc),
    'product-analytics': () => loadProductAnalytics(user),
  };
  const results = await Promise.allSettled(names.map((name) => loaders[name]()));
  results.forEach((result, index) => {
    if (result.status === 'rejected') console.error(`integration ${names[index]} failed to load`, result.reason);
  });
}
