import type { AppEnvironment } from '../../shared/session-hosts';
import { INTEGRATION_SCRIPT_IDS as SCRIPT_IDS } from '../../shared/session-rules';

/** The third-party integrations of docs/api.md section 2. */
export type IntegrationName = 'sentry' | 'web-analytics' | 'support-chat' | 'product-analytics';

export const ALL_INTEGRATIONS: readonly IntegrationName[] = [
  'sentry',
  'web-analytics',
  'support-chat',
  'product-analytics',
];

/** Production gets every integration; dev, io and local hosts get none. */
export function integrationsFor(environment: AppEnvironment): readonly IntegrationName[] {
  return environment === 'production' ? ALL_INTEGRATIONS : [];
}

/**
 * The id of each <script> the integrations inject, taken from the shared table that logout's removal
 * walks (src/shared/session-rules.ts). Sentry's only element is the Replay script that
 * `lazyLoadIntegration` adds from its CDN, which has no id; it is found by its `src` instead (see
 * remove-integrations.ts).
 */
export const INTEGRATION_SCRIPT_IDS = {
  'web-analytics': SCRIPT_IDS['web-analytics'],
  'support-chat': SCRIPT_IDS['support-chat'],
  'product-analytics': SCRIPT_IDS['product-analytics'],
} as const satisfies Partial<Record<IntegrationName, string>>;
