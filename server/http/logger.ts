/**
 * Structured logs (pino) that never carry a token, password or cookie: headers are not logged, query
 * values are dropped from URLs, and known secret fields are redacted wherever they appear.
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'accessToken',
  'refreshToken',
  'token',
  'idToken',
  'code',
  'authorization',
  'cookie',
  'x-refresh-token',
];

export const REDACT_PATHS = [...SECRET_KEYS.map((k) => `*.${k}`), ...SECRET_KEYS.map((k) => `*.*.${k}`), 'req.headers'];

/** `/a/b?token=xyz&page=2` becomes `/a/b?token=…&page=…`: the names help debugging, the values may be secret. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=…`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}

export const LOGGER_OPTIONS: LoggerOptions = {
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  serializers: {
    req(req: { method?: string; url?: string; ip?: string }) {
      return { method: req.method, url: redactUrl(req.url ?? ''), ip: req.ip };
    },
  },
};

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino({ ...LOGGER_OPTIONS, level }, destination) : pino({ ...LOGGER_OPTIONS, level });
}
