// Finds nginx for the deployment test that puts two Convene nodes behind a
// reverse proxy (installing Debian's package when possible) and prints its
// path. Only the binary is used: the test starts its own nginx with a
// configuration, port and log folder it writes, and the package's system
// service (a default site on port 80) is switched off.
import { spawnSync } from 'node:child_process';
import { ensureProgram, runWhenMain } from './lib/system-tools.mjs';

/** nginx's path, or null when it is missing and cannot be installed here. NGINX_PATH picks a binary. */
export const ensureNginx = () =>
  ensureProgram({
    name: 'nginx',
    packageName: 'nginx',
    envVar: 'NGINX_PATH',
    fixedPaths: ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx', '/opt/homebrew/bin/nginx'],
    // Under systemd the package enables and starts nginx.service; without
    // systemd (a container) the init script may have started it instead.
    afterInstall: () => {
      spawnSync('systemctl', ['disable', '--now', 'nginx.service'], { stdio: 'ignore' });
      spawnSync('service', ['nginx', 'stop'], { stdio: 'ignore' });
    },
  });

runWhenMain(import.meta.url, ensureNginx);
