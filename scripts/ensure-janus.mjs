// Finds the Janus WebRTC server (`janus`) for the tests that carry meetings
// through its VideoRoom plugin (installing Debian's package when possible) and
// prints its path. Only the binary is used: the tests start their own Janus
// with a configuration folder they write, and the package's system service is
// switched off.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, canAptInstall, findExecutable, isExecutable } from './lib/system-tools.mjs';

const FIXED_PATHS = ['/usr/bin/janus', '/usr/local/bin/janus', '/opt/janus/bin/janus', '/opt/homebrew/bin/janus'];
const findJanus = () => findExecutable(['janus'], FIXED_PATHS);

/**
 * Returns janus's path, or null (with the reason printed) when it is missing
 * and cannot be installed here. JANUS_PATH picks a binary.
 */
export function ensureJanus() {
  const configured = process.env.JANUS_PATH;
  if (configured) {
    if (isExecutable(configured)) return configured;
    console.error(`JANUS_PATH is set to ${configured}, which is not an executable file.`);
    return null;
  }
  const found = findJanus();
  if (found) return found;

  if (!canAptInstall()) {
    console.error('Janus is missing: install it (Debian/Ubuntu: sudo apt-get install -y janus) or set JANUS_PATH.');
    return null;
  }
  console.info('Janus is missing: installing it with apt-get (Debian package "janus")…');
  const failed = aptInstall(['--no-install-recommends', 'janus']);
  if (failed) {
    console.error(`${failed}: install janus by hand or set JANUS_PATH.`);
    return null;
  }
  // The package enables (and, under systemd, starts) janus.service: an open
  // Janus API on port 8088 with the sample configuration. The tests never use
  // it, so it is turned off again; without systemd this only removes the link.
  spawnSync('systemctl', ['disable', '--now', 'janus.service'], { stdio: 'ignore' });
  const installed = findJanus();
  if (!installed) console.error('apt-get installed janus but no janus executable was found; set JANUS_PATH.');
  return installed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = ensureJanus();
  if (!found) process.exit(1);
  console.info(found);
}
