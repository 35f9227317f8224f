// Finds the Janus WebRTC server (`janus`) for the tests that carry meetings
// through its VideoRoom plugin (installing Debian's package when possible) and
// prints its path. Only the binary is used: the tests start their own Janus
// with a configuration folder they write, and the package's system service is
// switched off.
import { spawnSync } from 'node:child_process';
import { ensureProgram, runWhenMain } from './lib/system-tools.mjs';

/** janus's path, or null when it is missing and cannot be installed here. JANUS_PATH picks a binary. */
export const ensureJanus = () =>
  ensureProgram({
    name: 'janus',
    packageName: 'janus',
    envVar: 'JANUS_PATH',
    fixedPaths: ['/usr/bin/janus', '/usr/local/bin/janus', '/opt/janus/bin/janus', '/opt/homebrew/bin/janus'],
    // The package enables (and, under systemd, starts) janus.service: an open
    // Janus API on port 8088 with the sample configuration. The tests never use
    // it, so it is turned off again; without systemd this only removes the link.
    afterInstall: () => spawnSync('systemctl', ['disable', '--now', 'janus.service'], { stdio: 'ignore' }),
  });

runWhenMain(import.meta.url, ensureJanus);
