// Finds coturn's `turnserver` for the meeting tests that force media through
// TURN (installing Debian's package when possible) and prints its path.
// Only the binary is used: the tests start their own turnserver with
// command-line settings, so the system service is never enabled or started.
// policy-rc.d-less containers may try to start the packaged service; it stays
// disabled by default (/etc/default/coturn) and the tests never enable it.
import { ensureProgram, runWhenMain } from './lib/system-tools.mjs';

/** turnserver's path, or null when it is missing and cannot be installed here. TURNSERVER_PATH picks a binary. */
export const ensureCoturn = () =>
  ensureProgram({
    name: 'turnserver',
    packageName: 'coturn',
    envVar: 'TURNSERVER_PATH',
    fixedPaths: ['/usr/bin/turnserver', '/usr/local/bin/turnserver', '/opt/homebrew/bin/turnserver'],
  });

runWhenMain(import.meta.url, ensureCoturn);
