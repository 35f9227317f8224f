import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeTcpPort, supervise, type SupervisedChild } from './processes';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The folder of Ceph's programs scripts/ensure-ceph.mjs finds or installs
 * (Debian's radosgw, ceph-mon and ceph-osd). Null when they cannot be had.
 */
export function cephBinaries(): string | null {
  const found = spawnSync(process.execPath, [path.join(root, 'scripts', 'ensure-ceph.mjs')], { encoding: 'utf8' });
  if (found.status !== 0) return null;
  const gateway = found.stdout.trim().split('\n').at(-1);
  return gateway ? path.dirname(gateway) : null;
}

export interface RadosGateway {
  /** The S3 API's address. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What the gateway printed. */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * A one-machine Ceph cluster with an S3 gateway, as Ceph's own developer
 * clusters run: one monitor, one object store kept in memory (memstore: no
 * disk to prepare, gone when stopped), pools of one copy, and radosgw with an
 * S3 user. Starts in about ten seconds.
 */
export async function startRadosGateway(opts: { binaries: string }): Promise<RadosGateway> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'convene-ceph-'));
  const bin = (name: string) => path.join(opts.binaries, name);
  const [monPort, rgwPort] = [await freeTcpPort(), await freeTcpPort()];
  const fsid = randomUUID();
  for (const sub of ['run', 'log', 'mon.a', 'osd.0', 'rgw']) mkdirSync(path.join(dir, sub));
  const conf = path.join(dir, 'ceph.conf');
  const keyring = path.join(dir, 'keyring');
  writeFileSync(conf, `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
mon initial members = a
auth allow insecure global id reclaim = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon data avail warn = 1
mon max pg per osd = 1000
ms bind ipv6 = false
ms bind msgr1 = false
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
keyring = ${keyring}
osd objectstore = memstore
memstore device bytes = 4294967296
osd data = ${dir}/osd.$id
mon data = ${dir}/mon.$id
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw data = ${dir}/rgw
`);
  const c = ['-c', conf];
  const run = (name: string, args: string[]) => {
    const result = spawnSync(bin(name), args, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${name} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  const children: SupervisedChild[] = [];
  const start = (name: string, args: string[]) => {
    const child: ChildProcess = spawn(bin(name), [...c, '-f', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const supervised = supervise(child, { cleanup: () => undefined });
    children.push(supervised);
    return supervised;
  };
  const stop = async () => {
    for (const child of children.splice(0).reverse()) await child.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    run('ceph-authtool', ['--create-keyring', keyring, '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *']);
    run('ceph-authtool', [keyring, '--gen-key', '-n', 'client.admin', '--cap', 'mon', 'allow *', '--cap', 'osd', 'allow *', '--cap', 'mgr', 'allow *']);
    run('ceph-authtool', [keyring, '--gen-key', '-n', 'client.rgw', '--cap', 'mon', 'allow rw', '--cap', 'osd', 'allow rwx']);
    run('ceph-authtool', [keyring, '--gen-key', '-n', 'osd.0', '--cap', 'mon', 'allow profile osd', '--cap', 'osd', 'allow *']);
    run('monmaptool', ['--create', '--add', 'a', `v2:127.0.0.1:${monPort}`, '--fsid', fsid, path.join(dir, 'monmap')]);
    run('ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', path.join(dir, 'monmap'), '--keyring', keyring]);
    start('ceph-mon', ['-i', 'a']);
    const osdUuid = randomUUID();
    run('ceph', [...c, '--connect-timeout', '30', 'osd', 'new', osdUuid]);
    run('ceph-osd', [...c, '-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
    start('ceph-osd', ['-i', '0']);
    run('ceph', [...c, 'osd', 'crush', 'add', 'osd.0', '1.0', 'host=localhost', 'root=default']);
    const gateway = start('radosgw', ['-n', 'client.rgw']);

    const endpoint = `http://127.0.0.1:${rgwPort}`;
    const deadline = Date.now() + 60_000;
    while (!(await fetch(endpoint, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false))) {
      if (gateway.hasExited() || Date.now() > deadline) throw new Error(`The RADOS Gateway did not answer on ${endpoint}:\n${gateway.log()}`);
      await sleep(200);
    }
    const accessKeyId = `CONVENE${randomBytes(6).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(24).toString('hex');
    run('radosgw-admin', [...c, '-n', 'client.rgw', 'user', 'create', '--uid', 'convene', '--display-name', 'Convene', '--access-key', accessKeyId, '--secret-key', secretAccessKey]);
    return { endpoint, accessKeyId, secretAccessKey, log: gateway.log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
