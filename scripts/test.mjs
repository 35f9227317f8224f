// `npm test`: everything a change must pass, cheapest first, stopping at the first failure.
import { apiSteps } from './lib/api-steps.mjs';
import { PLAYWRIGHT_SUMMARY, VITEST_SUMMARY, runSteps } from './lib/steps.mjs';

await runSteps('npm test', [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'unit and component tests', command: ['npm', 'run', 'test:unit'], summary: VITEST_SUMMARY },
  ...apiSteps(),
  { name: 'browser end-to-end tests', command: [process.execPath, 'scripts/test-e2e.mjs'], summary: PLAYWRIGHT_SUMMARY },
]);
