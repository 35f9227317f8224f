// `npm run test:e2e`: the browser suite against the production build, on a
// fresh data folder that is removed afterwards. Extra arguments go to Playwright.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureNextBuild } from './lib/next-build.mjs';
import { root } from './lib/root.mjs';

const chromium = ensureChromium();
console.info(`Browser: ${chromium}`);
ensureNextBuild();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convene-e2e-'));
const playwright = createRequire(import.meta.url).resolve('@playwright/test/cli');
const result = spawnSync(process.execPath, [playwright, 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
