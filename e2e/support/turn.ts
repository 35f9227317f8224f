import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { supervise } from '../../server/test/processes';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * coturn's turnserver: TURNSERVER_PATH (scripts/test-e2e.mjs sets it), else
 * what scripts/ensure-coturn.mjs finds or installs. Null when there is none.
 */
export function turnserverPath(): string | null {
  if (process.env.TURNSERVER_PATH) return process.env.TURNSERVER_PATH;
  const found = spawnSync(process.execPath, [path.join(root, 'scripts', 'ensure-coturn.mjs')], { encoding: 'utf8' });
  if (found.status !== 0) return null;
  return found.stdout.trim().split('\n').at(-1) || null;
}

/**
 * The machine's first non-internal IPv4 address. TURN runs there rather than
 * on 127.0.0.1: Chromium does not gather loopback candidates, and coturn
 * refuses loopback peers unless told otherwise.
 */
export function machineIPv4(): string | null {
  for (const addresses of Object.values(os.networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return null;
}

/** A UDP port nobody listens on right now. */
async function freeUdpPort(host: string): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, host, resolve);
  });
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

/** Whether a STUN Binding request to host:port gets a Binding success answer within `timeoutMs`. */
async function answersStun(host: string, port: number, timeoutMs: number): Promise<boolean> {
  const socket = createSocket('udp4');
  try {
    const request = Buffer.alloc(20);
    request.writeUInt16BE(0x0001, 0); // Binding request, no attributes
    request.writeUInt32BE(0x2112a442, 4); // magic cookie
    randomBytes(12).copy(request, 8); // transaction id
    const answered = new Promise<boolean>((resolve) => {
      socket.on('message', (message) => {
        if (message.length >= 20 && message.readUInt16BE(0) === 0x0101 && message.subarray(8, 20).equals(request.subarray(8, 20))) {
          resolve(true);
        }
      });
    });
    socket.on('error', () => undefined);
    socket.send(request, port, host);
    return await Promise.race([answered, sleep(timeoutMs).then(() => false)]);
  } finally {
    socket.close();
  }
}

export interface TurnServer {
  /** For TURN_URLS: `turn:<ip>:<port>?transport=udp`. */
  url: string;
  /** The shared secret the REST-API credentials are computed from (TURN_SECRET). */
  secret: string;
  host: string;
  port: number;
  /** What turnserver printed (the last 200 KB): allocations, permissions, channel bindings, errors. */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts a private coturn with the TURN REST-API scheme (static auth secret),
 * configured on the command line only (-n: no config file, no system service),
 * UDP only, no TLS/DTLS, no admin CLI; its state files go to a temporary folder.
 * `port` reuses a port (to restart it with another secret at the same address).
 */
export async function startTurnServer(opts: { binary: string; host: string; secret?: string; port?: number }): Promise<TurnServer> {
  const secret = opts.secret ?? randomBytes(24).toString('hex');
  const port = opts.port ?? (await freeUdpPort(opts.host));
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'convene-turn-'));
  const args = [
    '-n',
    `--listening-ip=${opts.host}`,
    `--relay-ip=${opts.host}`,
    `--listening-port=${port}`,
    // A window of relay ports away from the listening port, so runs beside each other rarely meet.
    '--min-port=40000',
    '--max-port=48000',
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=convene.test',
    '--fingerprint',
    '--no-tls',
    '--no-dtls',
    '--no-tcp',
    '--no-tcp-relay',
    '--no-cli',
    '--no-multicast-peers',
    '--allow-loopback-peers',
    `--pidfile=${path.join(stateDir, 'turnserver.pid')}`,
    `--userdb=${path.join(stateDir, 'turndb')}`,
    '--log-file=stdout',
    '--simple-log',
    // Logs each allocation and permission, which tests read to see that media went through it.
    '--verbose',
  ];
  const child: ChildProcess = spawn(opts.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // Bounded output: only control messages are logged (not every packet), but a long run adds up.
  const { log, hasExited, stop } = supervise(child, { cleanup: () => rmSync(stateDir, { recursive: true, force: true }) });

  const deadline = Date.now() + 15_000;
  while (!(await answersStun(opts.host, port, 300))) {
    if (hasExited() || Date.now() > deadline) {
      await stop();
      throw new Error(`turnserver did not answer on ${opts.host}:${port}${hasExited() ? ' (it exited)' : ''}:\n${log()}`);
    }
  }
  return { url: `turn:${opts.host}:${port}?transport=udp`, secret, host: opts.host, port, log, stop };
}
