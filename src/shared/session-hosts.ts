/**
 * Which environment a page host belongs to and where its services live (docs/api.md section 2). The
 * hosts come from build-time configuration; the defaults name no real company.
 */
import { SERVICES, isServiceName, servicePrefix, type ServiceName } from './services';

export type AppEnvironment = 'production' | 'dev' | 'io' | 'local';

export interface HostConfig {
  /** Page host → API host, per non-local environment. */
  production: { pageHost: string; apiHost: string };
  dev: { pageHost: string; apiHost: string };
  io: { pageHost: string; apiHost: string };
  /** Cookies get this domain (+ Secure, SameSite=Lax) on hosts that contain it. */
  productDomain: string;
}

export const DEFAULT_HOST_CONFIG: HostConfig = {
  production: { pageHost: 'app.freight-desk.example', apiHost: 'api.freight-desk.example' },
  dev: { pageHost: 'dev.freight-desk.example', apiHost: 'api.dev.freight-desk.example' },
  io: { pageHost: 'io.freight-desk.example', apiHost: 'api.io.freight-desk.example' },
  productDomain: 'freight-desk.example',
};

/** Reads the build-time variables (`VITE_*`), falling back to the neutral defaults. */
export function hostConfigFromEnv(env: Record<string, unknown>): HostConfig {
  const pick = (key: string, fallback: string) => {
    const value = env[key];
    return typeof value === 'string' && value.trim() ? value.trim() : fallback;
  };
  const d = DEFAULT_HOST_CONFIG;
  return {
    production: {
      pageHost: pick('VITE_PROD_HOST', d.production.pageHost),
      apiHost: pick('VITE_PROD_API_HOST', d.production.apiHost),
    },
    dev: { pageHost: pick('VITE_DEV_HOST', d.dev.pageHost), apiHost: pick('VITE_DEV_API_HOST', d.dev.apiHost) },
    io: { pageHost: pick('VITE_IO_HOST', d.io.pageHost), apiHost: pick('VITE_IO_API_HOST', d.io.apiHost) },
    productDomain: pick('VITE_PRODUCT_DOMAIN', d.productDomain),
  };
}

export function environmentFor(hostname: string, config: HostConfig): AppEnvironment {
  const host = hostname.toLowerCase();
  if (host === config.production.pageHost) return 'production';
  if (host === config.dev.pageHost) return 'dev';
  if (host === config.io.pageHost) return 'io';
  return 'local';
}

/** `https://{apiHost}/{service}/api/v1` or, locally, `http://{page hostname}:{port}/{service}/api/v1`. */
export function apiBaseFor(service: ServiceName, hostname: string, config: HostConfig): string {
  const environment = environmentFor(hostname, config);
  if (environment === 'local') return `http://${hostname}:${SERVICES[service]}${servicePrefix(service)}`;
  return `https://${config[environment].apiHost}${servicePrefix(service)}`;
}

/**
 * The service a request goes to, or null when it is not a call to one of the product's services: the
 * path starts with `/{service}/api/` and the host is the page host on that service's port, or one of
 * the configured API hosts. Everything else (third-party scripts, maps, the identity provider) is left
 * alone so that no token leaks.
 */
export function serviceOfUrl(url: URL, pageHostname: string, config: HostConfig): ServiceName | null {
  const match = /^\/([a-z]+)\/api\//.exec(url.pathname);
  const service = match?.[1];
  if (!service || !isServiceName(service)) return null;
  const apiHosts = [config.production.apiHost, config.dev.apiHost, config.io.apiHost];
  if (apiHosts.includes(url.host.toLowerCase())) return service;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (url.hostname === pageHostname && port === SERVICES[service]) return service;
  return null;
}
