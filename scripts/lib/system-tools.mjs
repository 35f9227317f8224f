// Finding and installing the system programs the tests use (Chromium, coturn, Janus).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

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
