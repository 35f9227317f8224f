// `npm run test:e2e`: the browser suite against the production build, on a
// fresh data folder that is removed afterwards. Extra arguments go to Playwright.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureCoturn } from './ensure-coturn.mjs';
import { ensureNextBuild } from './lib/next-build.mjs';
import { root } from './lib/root.mjs';

const chromium = ensureChromium();
console.info(`Browser: ${chromium}`);
// The meeting test that forces media through TURN starts its own coturn; the
// other tests do not need it, so a missing one is only reported here.
const turnserver = ensureCoturn();
if (turnserver) console.info(`TURN server: ${turnserver}`);
ensureNextBuild();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convene-e2e-'));
const playwright = createRequire(import.meta.url).resolve('@playwright/test/cli');
const result = spawnSync(process.execPath, [playwright, 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir, ...(turnserver ? { TURNSERVER_PATH: turnserver } : {}) },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
