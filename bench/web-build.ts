import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The production web build the server needs, made first when missing or stale (as `npm start` does). */
export function ensureWebBuild(): void {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "import { ensureNextBuild } from './scripts/lib/next-build.mjs'; ensureNextBuild();"],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the web app build failed');
}
