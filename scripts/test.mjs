// `npm test`: everything a change must pass, cheapest first, stopping at the first failure.
import { apiSteps } from './lib/api-steps.mjs';
import { PLAYWRIGHT_SUMMARY, VITEST_SUMMARY, runSteps } from './lib/steps.mjs';

await runSteps('npm test', [
  // Each of these is one busy core at most; together they take the time of the longer.
  {
    together: [
      { name: 'lint', command: ['npm', 'run', 'lint'] },
      { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
    ],
  },
  // The API suite mostly waits on PostgreSQL and sockets (about one core busy on two workers),
  // so the unit suite and the e2e build fill its gaps: about 3 minutes less than one after another.
  {
    together: [
      { name: 'unit and component tests', command: ['npm', 'run', 'test:unit'], summary: VITEST_SUMMARY },
      ...apiSteps(),
      { name: 'web app build (for e2e)', command: [process.execPath, 'scripts/lib/next-build.mjs'] },
    ],
  },
  { name: 'browser end-to-end tests', command: [process.execPath, 'scripts/test-e2e.mjs'], summary: PLAYWRIGHT_SUMMARY },
]);
