import { defineConfig } from 'vitest/config';

// The server suite runs on embedded PGlite always, and again on a real PostgreSQL server when
// TEST_DATABASE_URL is set (CI sets it to the machine's server).
const serverProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/testing/global-setup.ts', 'server/testing/firebase-emulator-global-setup.ts'],
    env: { TEST_DB_DRIVER: driver },
    // The files of a worker share its loaded modules instead of importing the server again for each file
    // (about 1 s of imports per file, 130 s a run on PostgreSQL). Each file makes and closes its own
    // database and apps; module-level state is limited to caches of static data and of settings that no test
    // changes (checked: no handle, connection or memory carried from one file to the next).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
    maxWorkers: 2,
  },
});
