import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT || 3100);
process.env.E2E_PORT = String(PORT);
const baseURL = `http://127.0.0.1:${PORT}`;

// The runner and each worker load this file, so values chosen here are put in
// the environment once, by the runner, and the workers inherit them.
// scripts/test-e2e.mjs normally supplies both (and removes the folder afterwards).
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'convene-e2e-'));
process.env.CHROMIUM_PATH ||= execFileSync(process.execPath, ['scripts/ensure-chromium.mjs'], { encoding: 'utf8' })
  .trim()
  .split('\n')
  .at(-1);

export default defineConfig({
  testDir: 'e2e',
  // One test at a time. The suite keeps both cores busy on its own (the browsers render, the meetings
  // encode video the whole time they run); with three at once on two cores every test took longer and
  // burned more, the run took 16 instead of 10 minutes, and timing-bound tests failed.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Whole journeys with several people signing up (argon2 on 2 cores) take a minute or more.
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network) without the screencast: recording frames
    // for every test made the browsers spend about a third more CPU on a machine the suite already fills.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Meetings: a generated camera picture and microphone tone, and
        // camera/microphone prompts answered "allow" (no other page asks).
        '--use-fake-device-for-media-stream=fps=10',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    // The built app in production mode, as `npm start` serves it, on a fresh embedded database.
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/api/v1/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      APP_URL: baseURL,
      // Browsers refuse an IP address as a passkey's relying party, so passkeys are bound to the
      // server's name; e2e/two-factor.spec.ts opens the app at that address.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGIN: `http://localhost:${PORT}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Always the embedded database and the mail outbox the tests read, whatever the shell has.
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
