/**
 * Whether a connection comes from this machine. Read from the socket, never from `X-Forwarded-For` or
 * `req.ip`: a forwarded header is written by the caller, and behind a trusted proxy `req.ip` would be too.
 */
import { isIPv4 } from 'node:net';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  // An IPv4 caller on a dual-stack socket shows up as `::ffff:127.0.0.1`.
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  return isIPv4(v4) && v4.split('.')[0] === '127';
}
