import { integrationSourcesFromEnv } from '../../shared/integration-sources';
import { SENTRY_SAMPLING, type SentrySettings } from './sentry-options';

/** Build-time settings of the production integrations, with neutral defaults. */
export interface IntegrationSettings {
  sentry: SentrySettings;
  webAnalyticsSrc: string;
  supportChatSrc: string;
  /** `{key}` is replaced with the pendoKey that `GET /auth/fetch-config-key` answers. */
  productAnalyticsSrc: string;
}

/** The sources come from src/shared/integration-sources.ts, which the web server's CSP reads too. */
export function integrationSettings(env: Record<string, string | undefined> = import.meta.env): IntegrationSettings {
  const sources = integrationSourcesFromEnv(env);
  return {
    sentry: {
      dsn: sources.sentryDsn,
      environment: 'production',
      release: env.VITE_RELEASE,
      ...SENTRY_SAMPLING,
    },
    webAnalyticsSrc: sources.webAnalyticsSrc,
    supportChatSrc: sources.supportChatSrc,
    productAnalyticsSrc: sources.productAnalyticsSrc,
  };
}
