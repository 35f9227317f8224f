import path from 'node:path';
import { root } from './root.mjs';
import { VITEST_SUMMARY } from './steps.mjs';

const vitest = path.join(root, 'node_modules', '.bin', 'vitest');

/**
 * The API suite, on PostgreSQL: TEST_DATABASE_URL or DATABASE_URL when set,
 * otherwise the built-in server (server/test/global-setup.ts starts it).
 */
export function apiSteps() {
  return [{ name: 'API tests (PostgreSQL)', command: [vitest, 'run', '--project', 'api'], summary: VITEST_SUMMARY }];
}
