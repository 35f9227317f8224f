import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

/** The component tests' settings, shared by the files that share modules and those that cannot. */
const unitTests = {
  environment: 'jsdom',
  setupFiles: ['tests/setup.ts'],
  css: false,
  // Whole pages render antd trees in jsdom; with both workers busy on a two-core runner one can take many seconds.
  testTimeout: 30_000,
  // Vitest defaults to one worker fewer than the cores, i.e. a single worker on the two-core CI runner;
  // the main process is nearly idle during a run, so a second worker roughly halves the wall time.
  maxWorkers: 2,
};

/**
 * Files whose vi.mock gives a module a private instance (sign-up.test.tsx: its own getVisitorId) cannot share
 * modules: whatever first imports the mocked module in them would keep that instance for the files after. They
 * run isolated until they use the shared stand-ins of tests/setup.ts.
 */
const ownModules = ['tests/pages/sign-up.test.tsx'];

export default defineConfig({
  resolve: { alias: { '@': root } },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...unitTests,
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...ownModules],
          // Files share one worker's modules and jsdom (tests/setup.ts starts each afresh): importing the app and
          // building a jsdom once per worker instead of once per file saves about half of the project's time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...unitTests, name: 'unit-isolated', include: ownModules },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // Every file starts its own server on its own database, so files share nothing but the
          // modules: loading the server graph once per worker instead of once per file saves most
          // of the suite's time (each of 128 files spent seconds importing it).
          isolate: false,
        },
      },
    ],
  },
});
