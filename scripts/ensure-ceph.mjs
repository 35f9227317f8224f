// Finds Ceph's RADOS Gateway and the two daemons a one-machine cluster needs
// (monitor and object store), installing Debian's packages when possible, and
// prints the gateway's path. Only the binaries are used: the tests start their
// own single-node cluster, kept in memory, with a folder and ports they choose.
import path from 'node:path';
import { ensureProgram, runWhenMain } from './lib/system-tools.mjs';

const program = (name, packageName = name) =>
  ensureProgram({ name, packageName, envVar: `${name.toUpperCase().replace(/-/g, '_')}_PATH`, fixedPaths: [`/usr/bin/${name}`, `/usr/local/bin/${name}`] });

/** radosgw's path when ceph-mon, ceph-osd and radosgw (with radosgw-admin, ceph, monmaptool) are all here, else null. */
export function ensureCeph() {
  const found = ['ceph-mon', 'ceph-osd', 'radosgw'].map((name) => program(name));
  if (found.some((p) => !p)) return null;
  const gateway = found[2];
  // The tools come with the daemons' packages (ceph-common, ceph-base); they sit beside them.
  return path.dirname(gateway) === path.dirname(found[0]) ? gateway : null;
}

runWhenMain(import.meta.url, ensureCeph);
