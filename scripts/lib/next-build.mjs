import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './root.mjs';

/** Everything the web app's production build is made from. */
const SOURCE_DIRS = ['pages', 'components', 'client', 'lib', 'store', 'styles', 'public', 'mocks'];
const SOURCE_FILES = ['next.config.ts', 'proxy.ts', 'tsconfig.json', 'package-lock.json'];

const buildIdFile = path.join(root, '.next', 'BUILD_ID');
// NEXT_PUBLIC_* values are baked into the build, so a change to them needs a new build too.
const stampFile = path.join(root, '.next', 'convene-build-env.json');

const publicEnv = () =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(process.env)
        .filter(([key]) => key.startsWith('NEXT_PUBLIC_'))
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Why the production build must be (re)made, or null when it is up to date. */
function staleBuildReason() {
  if (!existsSync(buildIdFile)) return 'there is no production build yet';
  const builtAt = statSync(buildIdFile).mtimeMs;
  const changed = [...SOURCE_DIRS, ...SOURCE_FILES].find((entry) => newestMtime(path.join(root, entry)) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  if (!existsSync(stampFile)) return 'the NEXT_PUBLIC_* settings of the last build are unknown';
  if (readFileSync(stampFile, 'utf8') !== publicEnv()) return 'the NEXT_PUBLIC_* settings changed since the last build';
  return null;
}

/** Runs `next build` when the build is missing or stale; exits the process if the build fails. */
export function ensureNextBuild() {
  const reason = staleBuildReason();
  if (!reason) return;
  console.info(`Building the web app (${reason})…`);
  const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web app build failed (see above).');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, publicEnv());
}

// `node scripts/lib/next-build.mjs`: the build alone, which `npm test` makes while the other suites run.
if (process.argv[1] === fileURLToPath(import.meta.url)) ensureNextBuild();
