// Finds a Chrome/Chromium for the browser tests (installing Debian's package
// when possible) and prints its path. Playwright's own download is not used.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function findChromium() {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const candidates = [...FIXED_PATHS, ...onPath.flatMap((dir) => NAMES.map((name) => path.join(dir, name)))];
  return candidates.find(isExecutable) ?? null;
}

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

  const canInstall = process.platform === 'linux' && existsSync('/usr/bin/apt-get') && process.getuid?.() === 0;
  if (!canInstall) {
    fail(
      'No Chrome/Chromium found for the browser tests: install Chromium (Debian/Ubuntu: sudo apt-get install -y chromium) or Google Chrome, or set CHROMIUM_PATH to its executable.',
    );
  }
  console.info('Chromium is missing: installing it with apt-get (Debian package "chromium")…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-q'], ['install', '-y', '-q', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) fail(`apt-get ${args.join(' ')} failed: install Chromium by hand or set CHROMIUM_PATH.`);
  }
  return findChromium() ?? fail('apt-get installed chromium but no chromium executable was found; set CHROMIUM_PATH.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.info(ensureChromium());
}
