/**
 * The entry point: `tsx server/main.ts [--service <name>]`.
 * SIGINT and SIGTERM stop it cleanly: listeners close, in-flight requests finish, the database flushes.
 */
import { parseArgs } from 'node:util';
import { isServiceName, SERVICE_NAMES, servicePrefix } from '../src/shared/services.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './http/logger.ts';
import { startProduct } from './product.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo.ts';

const { values } = parseArgs({ options: { service: { type: 'string' } }, strict: true });

const only = values.service;
if (only !== undefined && !isServiceName(only)) {
  console.error(`Unknown service "${only}". Choose one of: ${SERVICE_NAMES.join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger(config.logLevel);
const started = Date.now();

let product: Awaited<ReturnType<typeof startProduct>>;
try {
  product = await startProduct({ config, logger, only });
} catch (error) {
  const err = error as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE') {
    console.error(`A port is already in use (${err.message}). Is the product already running?`);
  } else {
    console.error('The product could not start:', err.message);
  }
  process.exit(1);
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) {
    console.error(`Second ${signal}: exiting without waiting.`);
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, 'stopping');
  await product.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
const lines = ['', `Freight Desk is running (${Date.now() - started} ms, ${database}).`];
if (!only) lines.push(`  Web app:     http://localhost:${config.webPort}`);
for (const name of only ? [only] : SERVICE_NAMES) {
  lines.push(`  ${name.padEnd(14)} http://localhost:${config.servicePorts[name]}${servicePrefix(name)}`);
}
if (!only && (!config.databaseUrl || config.seedDemo)) {
  lines.push('', `Demo logins (password ${DEMO_PASSWORD}):`);
  for (const user of DEMO_USERS) lines.push(`  ${user.email.padEnd(22)} ${user.company.padEnd(18)} ${user.note}`);
}
lines.push('', 'Press Ctrl-C to stop.', '');
console.log(lines.join('\n'));
