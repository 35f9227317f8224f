import path from 'node:path';
import { root } from './root.mjs';
import { VITEST_SUMMARY } from './steps.mjs';

const vitest = path.join(root, 'node_modules', '.bin', 'vitest');

/** The API suite on PGlite, then on PostgreSQL when a database URL is configured. */
export function apiSteps(env = process.env) {
  const postgresUrl = env.TEST_DATABASE_URL || env.DATABASE_URL;
  const command = [vitest, 'run', '--project', 'api'];
  return [
    { name: 'API tests (PGlite)', command, env: { TEST_DB: 'pglite' }, summary: VITEST_SUMMARY },
    postgresUrl
      ? {
          name: 'API tests (PostgreSQL)',
          command,
          env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
          summary: VITEST_SUMMARY,
        }
      : { name: 'API tests (PostgreSQL)', skip: 'set DATABASE_URL or TEST_DATABASE_URL to run it' },
  ];
}
