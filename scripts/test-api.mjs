// `npm run test:api`: the API integration suite on every configured database.
import { apiSteps } from './lib/api-steps.mjs';
import { runSteps } from './lib/steps.mjs';

await runSteps('API tests', apiSteps());
