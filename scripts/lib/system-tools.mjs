// Finding and installing the system programs the tests use (Chromium, coturn, Janus).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first executable among fixed paths, then the names on PATH; null when none. */
export function findExecutable(names, fixedPaths) {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const candidates = [...fixedPaths, ...onPath.flatMap((dir) => names.map((name) => path.join(dir, name)))];
  return candidates.find(isExecutable) ?? null;
}

/** Debian/Ubuntu as root: packages can be installed here. */
export const canAptInstall = () => process.platform === 'linux' && existsSync('/usr/bin/apt-get') && process.getuid?.() === 0;

/** `apt-get update` then `apt-get install -y <args>`; returns the failed step's message, or null on success. */
export function aptInstall(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const step of [['update', '-q'], ['install', '-y', '-q', ...args]]) {
    const result = spawnSync('apt-get', step, { stdio: 'inherit', env });
    if (result.status !== 0) return `apt-get ${step.join(' ')} failed`;
  }
  return null;
}

/**
 * A system program's path: `envVar` when set, else one found on this machine,
 * else Debian's package installed when possible. Null (with the reason
 * printed) when none can be had. `afterInstall` runs once apt-get succeeded.
 */
export function ensureProgram({ name, packageName, envVar, fixedPaths, afterInstall }) {
  const configured = process.env[envVar];
  if (configured) {
    if (isExecutable(configured)) return configured;
    console.error(`${envVar} is set to ${configured}, which is not an executable file.`);
    return null;
  }
  const find = () => findExecutable([name], fixedPaths);
  const found = find();
  if (found) return found;

  if (!canAptInstall()) {
    console.error(`${packageName} is missing: install it (Debian/Ubuntu: sudo apt-get install -y ${packageName}) or set ${envVar}.`);
    return null;
  }
  console.info(`${packageName} is missing: installing it with apt-get (Debian package "${packageName}")…`);
  const failed = aptInstall(['--no-install-recommends', packageName]);
  if (failed) {
    console.error(`${failed}: install ${packageName} by hand or set ${envVar}.`);
    return null;
  }
  afterInstall?.();
  const installed = find();
  if (!installed) console.error(`apt-get installed ${packageName} but no ${name} executable was found; set ${envVar}.`);
  return installed;
}

/** Runs a tool's ensure function when its script is run directly, printing the path or failing. */
export function runWhenMain(moduleUrl, ensure) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  const found = ensure();
  if (!found) process.exit(1);
  console.info(found);
}
