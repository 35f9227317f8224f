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
  // so the unit suite and the web app build fill its gaps, and the browser tests start as soon
  // as the build is there rather than after the longest suite.
  {
    together: [
      { name: 'unit and component tests', command: ['npm', 'run', 'test:unit'], summary: VITEST_SUMMARY },
      ...apiSteps(),
      {
        name: 'web app build (for e2e)',
        command: [process.execPath, 'scripts/lib/next-build.mjs'],
        then: { name: 'browser end-to-end tests', command: [process.execPath, 'scripts/test-e2e.mjs'], summary: PLAYWRIGHT_SUMMARY },
      },
    ],
  },
]);
