import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-sequencer.js';

export default defineConfig({
  test: {
    maxWorkers: 2,
    // The longest files first, so that the two workers end together (scripts/test-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    // Web tests: React's scheduler can run one last task after a file's jsdom is torn down; that task
    // finds no window. It is no test's failure, so only that exact error is let through.
    onUnhandledError: (error) =>
      !(
        error.name === 'ReferenceError' &&
        error.message === 'window is not defined' &&
        /react-dom|scheduler/.test(error.stack ?? '')
      ),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // A worker's files share the server's modules instead of importing them again per file
          // (a third of the suite's time). Each file builds its own app on its own database and
          // closes it; no file mocks a module, changes process.env or registers anything global.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A worker's files share one jsdom and the modules they load (React, Ant Design, the
          // pages): loading them again for every file was half of the suite's CPU time. Each test
          // leaves nothing behind (setup.ts: cleanup, storage cleared, the download mock shared).
          isolate: false,
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120000,
          hookTimeout: 180000,
          // Two journeys at a time (the root's maxWorkers): each has its own server, data and browser
          // contexts. A worker's journeys share its modules and its Chromium (e2e/support/browser.ts)
          // instead of starting a process and importing Playwright again for each file; none mocks a
          // module or changes process.env, and each closes its server and contexts.
          isolate: false,
        },
      },
    ],
  },
});
