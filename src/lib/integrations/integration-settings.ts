import { SENTRY_SAMPLING, type SentrySettings } from './sentry-options';

/** Build-time settings of the production integrations, with neutral defaults. */
export interface IntegrationSettings {
  sentry: SentrySettings;
  webAnalyticsSrc: string;
  supportChatSrc: string;
  /** `{key}` is replaced with the pendoKey that `GET /auth/fetch-config-key` answers. */
  productAnalyticsSrc: string;
}

export function integrationSettings(env: Record<string, string | undefined> = import.meta.env): IntegrationSettings {
  return {
    sentry: {
      dsn: env.VITE_SENTRY_DSN ?? '',
      environment: 'production',
      release: env.VITE_RELEASE,
      ...SENTRY_SAMPLING,
    },
    webAnalyticsSrc: env.VITE_WEB_ANALYTICS_SRC || 'https://analytics.freight-desk.example/script.js',
    supportChatSrc: env.VITE_SUPPORT_CHAT_SRC || 'https://chat.freight-desk.example/widget.js',
    productAnalyticsSrc: env.VITE_PRODUCT_ANALYTICS_SRC || 'https://cdn.pendo.io/agent/static/{key}/pendo.js',
  };
}
