import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: { alias: { '@': root } },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          css: false,
          // Whole pages render antd trees in jsdom; with both workers busy on a two-core runner one can take many seconds.
          testTimeout: 30_000,
          // Vitest defaults to one worker fewer than the cores, i.e. a single worker on the two-core CI runner;
          // the main process is nearly idle during a run, so a second worker roughly halves the wall time.
          maxWorkers: 2,
        },
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
        },
      },
    ],
  },
});
