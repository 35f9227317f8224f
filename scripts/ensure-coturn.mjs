// Finds coturn's `turnserver` for the meeting tests that force media through
// TURN (installing Debian's package when possible) and prints its path.
// Only the binary is used: the tests start their own turnserver with
// command-line settings, so the system service is never enabled or started.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, canAptInstall, findExecutable, isExecutable } from './lib/system-tools.mjs';

const FIXED_PATHS = ['/usr/bin/turnserver', '/usr/local/bin/turnserver', '/opt/homebrew/bin/turnserver'];
const findTurnserver = () => findExecutable(['turnserver'], FIXED_PATHS);

/**
 * Returns turnserver's path, or null (with the reason printed) when it is
 * missing and cannot be installed here. TURNSERVER_PATH picks a binary.
 */
export function ensureCoturn() {
  const configured = process.env.TURNSERVER_PATH;
  if (configured) {
    if (isExecutable(configured)) return configured;
    console.error(`TURNSERVER_PATH is set to ${configured}, which is not an executable file.`);
    return null;
  }
  const found = findTurnserver();
  if (found) return found;

  if (!canAptInstall()) {
    console.error('coturn is missing: install it (Debian/Ubuntu: sudo apt-get install -y coturn) or set TURNSERVER_PATH.');
    return null;
  }
  console.info('coturn is missing: installing it with apt-get (Debian package "coturn")…');
  // policy-rc.d-less containers may try to start the packaged service; it stays
  // disabled by default (/etc/default/coturn) and the tests never enable it.
  const failed = aptInstall(['--no-install-recommends', 'coturn']);
  if (failed) {
    console.error(`${failed}: install coturn by hand or set TURNSERVER_PATH.`);
    return null;
  }
  const installed = findTurnserver();
  if (!installed) console.error('apt-get installed coturn but no turnserver executable was found; set TURNSERVER_PATH.');
  return installed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = ensureCoturn();
  if (!found) process.exit(1);
  console.info(found);
}
