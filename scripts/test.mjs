// `npm test`: everything a change must pass, cheapest first, stopping at the first failure.
import { apiSteps } from './lib/api-steps.mjs';
import { PLAYWRIGHT_SUMMARY, VITEST_SUMMARY, runSteps } from './lib/steps.mjs';

await runSteps('npm test', [
  // Three steps of about one busy core each, so the two cores finish them in the time of the longer two.
  {
    together: [
      { name: 'lint', command: ['npm', 'run', 'lint'] },
      { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
      { name: 'web app build (for e2e)', command: [process.execPath, 'scripts/lib/next-build.mjs'] },
    ],
  },
  // The unit suite keeps both cores busy; the API suite mostly waits on PostgreSQL and sockets and fills its gaps.
  {
    together: [
      { name: 'unit and component tests', command: ['npm', 'run', 'test:unit'], summary: VITEST_SUMMARY },
      ...apiSteps(),
    ],
  },
  // On its own: its browsers and generated video fill both cores, and its tests wait on timings a busy machine would stretch.
  { name: 'browser end-to-end tests', command: [process.execPath, 'scripts/test-e2e.mjs'], summary: PLAYWRIGHT_SUMMARY },
]);
