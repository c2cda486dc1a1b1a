/**
 * The security headers of the web app (issue 9, item 5). The tokens are readable by scripts (the
 * session contract), so an injected script is an account takeover: the Content-Security-Policy is the
 * compensating control. Scripts come from this origin only (no inline script, no eval); the page may
 * talk to its own services, the identity provider it really uses and, on the production host only, the
 * production integrations' hosts.
 *
 * Which environment a request is for is decided the way the app decides it (src/shared/session-hosts.ts:
 * the page host against the configured production/dev/io hosts), from the same `VITE_*` variables the
 * build read, so the policy allows exactly the hosts the app served on that host will call.
 */
import { firebaseSettingsFor, type FirebaseSettings } from '../../src/shared/firebase-settings.ts';
import { integrationSourcesFromEnv, type IntegrationSources } from '../../src/shared/integration-sources.ts';
import { SERVICES } from '../../src/shared/services.ts';
import {
  environmentFor,
  hostConfigFromEnv,
  type AppEnvironment,
  type HostConfig,
} from '../../src/shared/session-hosts.ts';

export interface WebSecurityConfig {
  hosts: HostConfig;
  integrations: IntegrationSources;
  /** The identity provider the app uses in each environment. */
  identityProvider: Record<AppEnvironment, FirebaseSettings>;
}

const ENVIRONMENTS: AppEnvironment[] = ['production', 'dev', 'io', 'local'];

/** Read once at start-up (server/config.ts), from the variables the build read. */
export function webSecurityConfigFromEnv(env: Record<string, unknown>): WebSecurityConfig {
  return {
    hosts: hostConfigFromEnv(env),
    integrations: integrationSourcesFromEnv(env),
    identityProvider: Object.fromEntries(
      ENVIRONMENTS.map((environment) => [environment, firebaseSettingsFor(environment, env)]),
    ) as Record<AppEnvironment, FirebaseSettings>,
  };
}

/** Sentry loads Replay from its CDN on demand (`lazyLoadIntegration`). */
const SENTRY_CDN = 'https://browser.sentry-cdn.com';
/** Firebase Auth's REST endpoints: sign-in and token refresh. */
const IDENTITY_PROVIDER_APIS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** Firebase's popup resolver loads Google's API loader (`apis.google.com/js/api.js`) for its iframe. */
const GOOGLE_API_LOADER = 'https://apis.google.com';
/** Where the Pendo agent sends its events and fetches its settings, beside the CDN it loads from. */
const PENDO_DATA_ORIGINS = ['https://app.pendo.io', 'https://data.pendo.io'];

const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/i;

/**
 * The hostname of a `Host` header, or undefined when it is not a plain DNS name or IP literal. The value
 * goes into a header, so nothing that could carry a `;`, a space or a scheme is ever echoed.
 */
export function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.trim().toLowerCase();
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return HOSTNAME.test(hostname) || IPV6_LITERAL.test(hostname) ? hostname : undefined;
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url.replace('{key}', 'key'));
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The ingest origin of a Sentry DSN (`https://public@o1.ingest.sentry.io/2` → `https://o1.ingest.sentry.io`). */
function sentryIngestOrigin(dsn: string): string | undefined {
  return dsn ? originOf(dsn) : undefined;
}

interface Sources {
  script: string[];
  style: string[];
  img: string[];
  connect: string[];
  frame: string[];
  worker: string[];
}

function serviceOrigins(environment: AppEnvironment, hostname: string | undefined, hosts: HostConfig): string[] {
  if (environment !== 'local') return [`https://${hosts[environment].apiHost}`];
  // Locally the app calls http://{page hostname}:{fixed service port} (apiBaseFor in session-hosts.ts).
  return hostname ? Object.values(SERVICES).map((port) => `http://${hostname}:${port}`) : [];
}

function identityProviderSources(settings: FirebaseSettings): Partial<Sources> {
  if (!settings.usable) return {};
  if (settings.emulatorUrl) {
    const emulator = originOf(settings.emulatorUrl);
    return {
      script: [GOOGLE_API_LOADER],
      connect: emulator ? [emulator] : [],
      frame: emulator ? [emulator] : [],
    };
  }
  const database = settings.options.databaseURL ? originOf(settings.options.databaseURL) : undefined;
  return {
    script: [GOOGLE_API_LOADER],
    // The Realtime Database talks WebSocket to the same host (and falls back to long polling over https).
    connect: [...IDENTITY_PROVIDER_APIS, ...(database ? [database, database.replace(/^https:/, 'wss:')] : [])],
    frame: [`https://${settings.options.authDomain}`],
  };
}

function productionIntegrationSources(integrations: IntegrationSources): Partial<Sources> {
  const widgets = [integrations.webAnalyticsSrc, integrations.supportChatSrc, integrations.productAnalyticsSrc]
    .map(originOf)
    .filter((origin): origin is string => origin !== undefined);
  const pendo = /\.pendo\.io$/.test(originOf(integrations.productAnalyticsSrc) ?? '') ? PENDO_DATA_ORIGINS : [];
  const ingest = sentryIngestOrigin(integrations.sentryDsn);
  const chat = originOf(integrations.supportChatSrc);
  return {
    script: [...widgets, ...(ingest ? [SENTRY_CDN] : [])],
    style: widgets,
    img: [...widgets, ...pendo],
    connect: [...widgets, ...pendo, ...(ingest ? [ingest] : [])],
    frame: chat ? [chat] : [],
    // Sentry Replay compresses in a worker it starts from a blob: URL.
    worker: ingest ? ['blob:'] : [],
  };
}

const unique = (values: string[]) => [...new Set(values)];

/** The Content-Security-Policy of a page served for `hostHeader`. */
export function contentSecurityPolicy(hostHeader: string | undefined, config: WebSecurityConfig): string {
  const hostname = hostnameOf(hostHeader);
  const environment = hostname ? environmentFor(hostname, config.hosts) : 'local';
  const parts: Partial<Sources>[] = [
    { connect: serviceOrigins(environment, hostname, config.hosts) },
    identityProviderSources(config.identityProvider[environment]),
    environment === 'production' ? productionIntegrationSources(config.integrations) : {},
  ];
  const merged = (key: keyof Sources) => unique(parts.flatMap((part) => part[key] ?? []));
  const frame = merged('frame');
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...merged('script')]],
    // Chakra UI styles through emotion, which injects <style> elements at run time with rules it generates
    // from props; without server rendering there is no nonce or hash to give them. Inline style is far less
    // dangerous than inline script: scripts stay 'self'-only, and img/font/connect limit where CSS can send data.
    ['style-src', ["'self'", "'unsafe-inline'", ...merged('style')]],
    ['img-src', ["'self'", 'data:', ...merged('img')]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...merged('connect')]],
    ['frame-src', frame.length > 0 ? frame : ["'none'"]],
    ['worker-src', ["'self'", ...merged('worker')]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Powerful features the app never uses, switched off for it and anything it embeds: a script that got in
 * still cannot reach the camera, the microphone or the user's location.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Every security header of a web app response for `hostHeader`. */
export function webSecurityHeaders(hostHeader: string | undefined, config: WebSecurityConfig): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(hostHeader, config),
    // Cross-origin calls (the services on other ports, the identity provider) get the origin only, never a
    // path that may hold a reset token; the origin is what API-key referrer restrictions check.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    // For browsers without frame-ancestors.
    'x-frame-options': 'DENY',
  };
}

/** The services answer JSON only: nothing in an answer may run, load or be framed. */
export const SERVICE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
