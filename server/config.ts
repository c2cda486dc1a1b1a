/**
 * Configuration, read once from the environment. Every knob the services have is here, with its default.
 */
import path from 'node:path';
import { DEFAULT_WEB_PORT, SERVICES, type ServiceName } from '../src/shared/services.ts';
import { webSecurityConfigFromEnv, type WebSecurityConfig } from './web/security-headers.ts';

export interface ServerConfig {
  /** `production` disables the local mailbox and other development conveniences. */
  nodeEnv: string;
  /** A real PostgreSQL server, as its owner (migrations); when unset, embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** The requests' login role on that server (`freight_login`); derived from `databaseUrl` when unset. */
  databaseLoginUrl: string | undefined;
  /** The role `freight_system` transactions connect as (`freight_system_login`); derived when unset. */
  databaseSystemLoginUrl: string | undefined;
  /** Schema to use on `databaseUrl` (tests give each suite its own). */
  databaseSchema: string | undefined;
  dataDir: string;
  /** Seed the demo data of docs/api.md section 3: always into an empty embedded database, else only when asked. */
  seedDemo: boolean;
  host: string;
  /**
   * Reverse proxies whose `X-Forwarded-For` is believed (`TRUST_PROXY`, addresses or CIDR ranges); none by
   * default, so a caller cannot choose the address the sign-in throttle counts against.
   */
  trustProxy: string[];
  webPort: number;
  servicePorts: Record<ServiceName, number>;
  /** Browser origins allowed to call the services. */
  corsOrigins: string[];
  /** Built web app served on `webPort`. */
  webRoot: string;
  /**
   * What the web app's Content-Security-Policy allows: the page, API and integration hosts and the identity
   * provider, from the same `VITE_*` variables the build read (`VITE_PROD_HOST`, `VITE_SENTRY_DSN`, …).
   */
  webSecurity: WebSecurityConfig;
  logLevel: string;
  /** Largest accepted JSON body, bytes. */
  bodyLimit: number;
  /** Access token lifetime, seconds (`ACCESS_TOKEN_TTL`, default 4 h). */
  accessTokenTtl: number;
  /** Refresh token lifetime, seconds (`REFRESH_TOKEN_TTL`, default 30 days). */
  refreshTokenTtl: number;
  /** HMAC key for access tokens; generated once and kept in the database when unset. */
  jwtSecret: string | undefined;
  /** The environment tokens are issued for (`aud`): a token from another environment is refused. */
  tokenAudience: string;
  /** Where mail goes: an SMTP server (`smtp://user:pass@host:port`), else the local mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of links in mail (password reset, verification, invitations). */
  publicWebUrl: string;
  googleMapKey: string;
  pendoKey: string;
  /** Firebase project for social sign-in and custom tokens. */
  firebaseProjectId: string;
  /** Realtime Database that notifications are mirrored to (`FIREBASE_DATABASE_URL`); none when unset. */
  firebaseDatabaseUrl: string | undefined;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // PORT_OFFSET shifts every port at once, so that a test can run a second product beside a running one.
  const offset = intFrom(env.PORT_OFFSET, 0, 'PORT_OFFSET');
  const webPort = intFrom(env.WEB_PORT, DEFAULT_WEB_PORT, 'WEB_PORT') + offset;
  const servicePorts = Object.fromEntries(
    Object.entries(SERVICES).map(([name, port]) => [name, port + offset]),
  ) as Record<ServiceName, number>;
  const defaultOrigins = [webPort, 5173, 4173].flatMap((port) => [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
  ]);
  return {
    nodeEnv: env.NODE_ENV ?? 'development',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseLoginUrl: env.DATABASE_LOGIN_URL || undefined,
    databaseSystemLoginUrl: env.DATABASE_SYSTEM_LOGIN_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    dataDir: path.resolve(ROOT, env.DATA_DIR ?? '.data/pglite'),
    seedDemo: env.SEED_DEMO === '1',
    host: env.HOST ?? 'localhost',
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    webPort,
    servicePorts,
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : defaultOrigins,
    webRoot: path.resolve(ROOT, env.WEB_ROOT ?? 'dist'),
    webSecurity: webSecurityConfigFromEnv(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: intFrom(env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT'),
    accessTokenTtl: intFrom(env.ACCESS_TOKEN_TTL, 4 * 3600, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtl: intFrom(env.REFRESH_TOKEN_TTL, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL'),
    jwtSecret: env.JWT_SECRET || undefined,
    tokenAudience: env.TOKEN_AUDIENCE ?? 'freight-desk-local',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Freight Desk <no-reply@freight-desk.local>',
    publicWebUrl: (env.PUBLIC_WEB_URL ?? `http://localhost:${webPort}`).replace(/\/$/, ''),
    googleMapKey: env.GOOGLE_MAP_KEY ?? '',
    pendoKey: env.PENDO_KEY ?? '',
    firebaseProjectId: env.FIREBASE_PROJECT_ID ?? 'demo-freight-desk',
    firebaseDatabaseUrl: env.FIREBASE_DATABASE_URL || undefined,
  };
}
