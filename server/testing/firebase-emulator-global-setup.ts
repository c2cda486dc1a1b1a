/**
 * Vitest global setup of the server projects: one Firebase Auth emulator per run, shared by every
 * project of the run (both server projects load this file; a counter on `globalThis` starts it for the
 * first and stops it after the last), stopped with SIGINT to the firebase process at teardown.
 *
 * - FIREBASE_AUTH_EMULATOR_HOST already set: that emulator is reused and left running.
 * - Otherwise the emulator (about 10 to 20 s of start-up on this machine) is started only when a test
 *   file of the run asks for it, i.e. mentions `firebaseAuthEmulatorHost`: a run of other server tests
 *   does not pay for it.
 *
 * Tests read the host with `inject('firebaseAuthEmulatorHost')`; it is also put in the environment,
 * which the test workers inherit.
 */
import { readFile } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator, type RunningAuthEmulator } from './firebase-emulator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    firebaseAuthEmulatorHost: string;
  }
}

interface SharedState {
  users: number;
  emulator: Promise<RunningAuthEmulator> | undefined;
}

const KEY = Symbol.for('freight-desk.firebase-auth-emulator');
const shared = ((globalThis as Record<symbol, SharedState | undefined>)[KEY] ??= { users: 0, emulator: undefined });
const MARKER = 'firebaseAuthEmulatorHost' as const;

/**
 * Whether a test file this run will execute needs the emulator. The command-line file filters live on
 * Vitest's internal `filenamePattern`; when that is missing (another Vitest version), every file of the
 * project counts, so the emulator starts rather than being missed.
 */
async function runNeedsEmulator(project: TestProject): Promise<boolean> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  for (const file of testFiles) {
    if ((await readFile(file, 'utf8')).includes(MARKER)) return true;
  }
  return false;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const preset = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (preset && !shared.emulator) {
    project.provide(MARKER, preset);
    return undefined;
  }
  if (!shared.emulator && !(await runNeedsEmulator(project))) return undefined;

  shared.users += 1;
  const starting = !shared.emulator;
  shared.emulator ??= startAuthEmulator();
  let emulator: RunningAuthEmulator;
  try {
    emulator = await shared.emulator;
  } catch (error) {
    shared.users -= 1;
    shared.emulator = undefined;
    throw error;
  }
  if (starting)
    console.info(`Firebase Auth emulator ready on ${emulator.host} in ${(emulator.startupMs / 1000).toFixed(1)} s`);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  project.provide(MARKER, emulator.host);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    shared.emulator = undefined;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    await emulator.stop();
  };
}
