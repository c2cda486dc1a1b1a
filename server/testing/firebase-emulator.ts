/**
 * Starts and stops the Firebase Auth emulator (firebase-tools) for tests. firebase.json configures it for
 * manual use (auth on 127.0.0.1:9099, project demo-freight-desk, no UI); a test run starts its own
 * instance from that file with the auth port moved to a free one, because several test runs (several
 * developers or agents on one machine) may run at once, and one run must neither collide with another's
 * port nor lose its emulator when the other run stops.
 *
 * The firebase CLI is run with this Node directly, not through `npx`, so that the process we hold is the
 * firebase process itself: SIGINT to it shuts the emulator down cleanly, whereas a signal to `npx`
 * leaves the emulator running (docs/field-notes.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const EMULATOR_PROJECT_ID = 'demo-freight-desk';
const RUN_DIR = path.join(ROOT, '.data/test');
const DEFAULT_TIMEOUT_MS = 90_000;

export interface RunningAuthEmulator {
  /** `host:port`, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** Milliseconds from spawn to the first ready answer. */
  startupMs: number;
  /** SIGINT to the firebase process, then wait for it to exit. */
  stop(): Promise<void>;
}

/** True when `host` answers like the Auth emulator and says it is ready. */
export async function isAuthEmulatorReady(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('firebase-tools/package.json');
  const { bin } = require(pkg) as { bin: { firebase: string } };
  return path.join(path.dirname(pkg), bin.firebase);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * firebase.json with the auth emulator, the emulator hub and the logging emulator all moved to free
 * ports: left on their defaults (4400, 4500), two runs starting together race for them and the loser
 * dies with EADDRINUSE right after reporting ready.
 */
async function runConfig(): Promise<{ file: string; port: number }> {
  const base = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    emulators?: Record<string, unknown> & { auth?: Record<string, unknown> };
  };
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const config = {
    ...base,
    emulators: {
      ...base.emulators,
      auth: { ...base.emulators?.auth, host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: logging },
    },
  };
  const file = path.join(RUN_DIR, `firebase-emulator-${port}.json`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return { file, port };
}

function logTail(logFile: string, lines = 20): string {
  try {
    return readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGINT to the firebase process and wait for it; SIGKILL if it has not gone after `graceMs`. */
async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = exited(child);
  child.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  if ((await Promise.race([gone, late])) === 'late') {
    child.kill('SIGKILL');
    await gone;
  }
  clearTimeout(timer);
}

/** What the emulator prints when one of its ports was taken between `freePort` and its own start. */
const PORT_TAKEN = /port taken|EADDRINUSE|is not open on/i;
/** Starts with fresh ports after a port was taken, before giving up. */
const PORT_ATTEMPTS = 3;

/**
 * Starts an Auth emulator of its own on a free port and waits until it answers. Fails with a clear
 * error, including the emulator's last output lines, when it exits early or does not answer within
 * `timeoutMs` (default 90 s). A port found free can be taken again before the emulator binds it (the other
 * test project starts its own emulator at the same moment; any outgoing connection may get it as its
 * ephemeral port): an early exit that says so is retried with new ports, up to PORT_ATTEMPTS starts.
 */
export async function startAuthEmulator(options: { timeoutMs?: number } = {}): Promise<RunningAuthEmulator> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAuthEmulatorOnce(options);
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startAuthEmulatorOnce(options: { timeoutMs?: number }): Promise<RunningAuthEmulator> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  mkdirSync(RUN_DIR, { recursive: true });
  const { file: configFile, port } = await runConfig();
  const host = `127.0.0.1:${port}`;
  const logFile = path.join(RUN_DIR, `firebase-emulator-${port}.log`);
  const out = openSync(logFile, 'w');
  const started = Date.now();
  const env = { ...process.env };
  // The emulator must not think it is a client of another emulator.
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  const child = spawn(
    process.execPath,
    [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID, '--config', configFile],
    // cwd: firebase-debug.log is written there.
    { cwd: RUN_DIR, env, stdio: ['ignore', out, out] },
  );
  closeSync(out);
  let exitedEarly = false;
  child.once('exit', () => {
    exitedEarly = true;
  });
  const cleanUp = () => rmSync(configFile, { force: true });

  const failure = (why: string) => {
    cleanUp();
    return new Error(`The Firebase Auth emulator ${why}. Its last output (${logFile}):\n${logTail(logFile)}`);
  };

  while (!(await isAuthEmulatorReady(host))) {
    if (exitedEarly) {
      const error = failure(`exited (code ${String(child.exitCode)}) before it answered on ${host}`);
      throw PORT_TAKEN.test(logTail(logFile)) ? new PortTakenError(error.message) : error;
    }
    if (Date.now() - started > timeoutMs) {
      await stopChild(child);
      throw failure(`did not answer on ${host} within ${Math.round(timeoutMs / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    host,
    startupMs: Date.now() - started,
    async stop() {
      if (exitedEarly) {
        // The tests then failed with network errors; say why, and keep the log.
        console.warn(
          `The Firebase Auth emulator on ${host} exited during the run. Its last output (${logFile}):\n${logTail(logFile)}`,
        );
        cleanUp();
        return;
      }
      await stopChild(child);
      cleanUp();
      rmSync(logFile, { force: true });
    },
  };
}
