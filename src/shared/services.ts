/**
 * The product's eight services, their local ports and their path prefix.
 * Pure data: used by the web app (API bases), the service worker (which requests to decorate)
 * and the server (which listener serves what).
 */
export const SERVICES = {
  master: 3000,
  mailserver: 3001,
  driveserver: 3002,
  iamserver: 3003,
  contactserver: 3005,
  shipmentserver: 3006,
  reportserver: 3009,
  logserver: 3014,
} as const;

export type ServiceName = keyof typeof SERVICES;

export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

export function isServiceName(value: string): value is ServiceName {
  return Object.prototype.hasOwnProperty.call(SERVICES, value);
}

/** Every service sits under `/{service}/api/v1`. */
export function servicePrefix(service: ServiceName): string {
  return `/${service}/api/v1`;
}

/** Default port of the web app (docs/api.md section 1). */
export const DEFAULT_WEB_PORT = 8080;
