import { DEFAULT_WEB_PORT, SERVICES, servicePrefix, type ServiceName } from '../../src/shared/services';

/**
 * Where the product under test answers for a Playwright worker. Every worker has a product of its own
 * (playwright.config.ts), with its own database, so that no spec sees another's data or moves another's
 * sign-in throttle. They are told apart by loopback address, not by port: the web app calls its services
 * on the page's hostname at the fixed ports of src/shared/services.ts (apiBaseFor in
 * src/shared/session-hosts.ts), so a product on shifted ports (PORT_OFFSET) would send its page to the
 * services of worker 0. Worker 0 keeps `localhost`; worker n gets 127.0.0.(n+1). All of 127.0.0.0/8 is
 * loopback: a secure context for the service worker, and the kernel still connects from 127.0.0.1, the
 * trusted proxy the office-NAT spec relies on.
 */
export function productHostFor(parallelIndex: number): string {
  return parallelIndex === 0 ? 'localhost' : `127.0.0.${parallelIndex + 1}`;
}

/** The web app's origin for a worker. */
export function webOriginFor(parallelIndex: number): string {
  return `http://${productHostFor(parallelIndex)}:${DEFAULT_WEB_PORT}`;
}

/**
 * This process's worker: Playwright sets TEST_PARALLEL_INDEX in each worker before it loads the config and
 * the specs (0 in the runner's own process, which only lists the tests).
 */
const PARALLEL_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The hostname of this worker's product: the domain of its session cookies. */
export const PRODUCT_HOST = productHostFor(PARALLEL_INDEX);

/** The web app of this worker's product (the `baseURL` of its pages). */
export const WEB_ORIGIN = webOriginFor(PARALLEL_INDEX);

/** `http://{this worker's host}:{port}/{service}/api/v1`, as the web app itself computes it. */
export function serviceUrl(service: ServiceName): string {
  return `http://${PRODUCT_HOST}:${SERVICES[service]}${servicePrefix(service)}`;
}
