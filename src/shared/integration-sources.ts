/**
 * Where the production integrations (docs/api.md section 2) load from, read from the build-time `VITE_*`
 * variables with neutral defaults. One table for the app, which injects the scripts, and for the web
 * server, whose Content-Security-Policy allows exactly these hosts on the production host.
 */
export interface IntegrationSources {
  /** Sentry DSN; empty: no error reporting. */
  sentryDsn: string;
  webAnalyticsSrc: string;
  supportChatSrc: string;
  /** `{key}` is replaced with the pendoKey that `GET /auth/fetch-config-key` answers. */
  productAnalyticsSrc: string;
}

export const DEFAULT_INTEGRATION_SOURCES: IntegrationSources = {
  sentryDsn: '',
  webAnalyticsSrc: 'https://analytics.freight-desk.example/script.js',
  supportChatSrc: 'https://chat.freight-desk.example/widget.js',
  productAnalyticsSrc: 'https://cdn.pendo.io/agent/static/{key}/pendo.js',
};

export function integrationSourcesFromEnv(env: Record<string, unknown>): IntegrationSources {
  const pick = (key: string, fallback: string) => {
    const value = env[key];
    return typeof value === 'string' && value.trim() ? value.trim() : fallback;
  };
  const d = DEFAULT_INTEGRATION_SOURCES;
  return {
    sentryDsn: pick('VITE_SENTRY_DSN', d.sentryDsn),
    webAnalyticsSrc: pick('VITE_WEB_ANALYTICS_SRC', d.webAnalyticsSrc),
    supportChatSrc: pick('VITE_SUPPORT_CHAT_SRC', d.supportChatSrc),
    productAnalyticsSrc: pick('VITE_PRODUCT_ANALYTICS_SRC', d.productAnalyticsSrc),
  };
}
