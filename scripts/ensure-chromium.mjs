// Finds a Chrome/Chromium for the browser tests (installing Debian's package
// when possible) and prints its path. Playwright's own download is not used.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, canAptInstall, findExecutable, isExecutable } from './lib/system-tools.mjs';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
const FIXED_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

const findChromium = () => findExecutable(NAMES, FIXED_PATHS);

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Returns the browser's path; installs Debian's chromium when running as root on Debian/Ubuntu. */
export function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!isExecutable(configured)) fail(`CHROMIUM_PATH is set to ${configured}, which is not an executable file.`);
    return configured;
  }
  const found = findChromium();
  if (found) return found;

  if (!canAptInstall()) {
    fail(
      'No Chrome/Chromium found for the browser tests: install Chromium (Debian/Ubuntu: sudo apt-get install -y chromium) or Google Chrome, or set CHROMIUM_PATH to its executable.',
    );
  }
  console.info('Chromium is missing: installing it with apt-get (Debian package "chromium")…');
  const failed = aptInstall(['chromium']);
  if (failed) fail(`${failed}: install Chromium by hand or set CHROMIUM_PATH.`);
  return findChromium() ?? fail('apt-get installed chromium but no chromium executable was found; set CHROMIUM_PATH.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.info(ensureChromium());
}
