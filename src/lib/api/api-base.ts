import { apiBaseFor, environmentFor, hostConfigFromEnv, type AppEnvironment } from '../../shared/session-hosts';
import type { ServiceName } from '../../shared/services';

/** Host configuration from the build-time `VITE_*` variables. */
export const hostConfig = hostConfigFromEnv(import.meta.env as Record<string, unknown>);

/** The base of a service's API for this page (docs/api.md section 2). */
export function apiBase(service: ServiceName): string {
  return apiBaseFor(service, window.location.hostname, hostConfig);
}

export function currentEnvironment(): AppEnvironment {
  return environmentFor(window.location.hostname, hostConfig);
}
