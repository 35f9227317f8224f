import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeTcpPort, supervise } from '../../server/test/processes';

const root = path.resolve(import.meta.dirname, '..', '..');

/** A TCP port nobody listens on right now. */
/**
 * The Node flags `npm start` gives the server (package.json's start script),
 * so the servers tests and benchmarks start run as the product does.
 */
export function serverNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export interface ConveneNode {
  /** `http://127.0.0.1:<port>`: the web app and the API. */
  url: string;
  /** Its DATA_DIR: the mail outbox (and the embedded database unless DATABASE_URL is set). */
  dataDir: string;
  pid: number;
  /** The end of what it wrote to stderr, for a failure message. */
  log: () => string;
  /** SIGINT (a clean shutdown), then the data folder is removed. */
  stop: () => Promise<void>;
}

/**
 * One more Convene process, as `npm start` runs it (`server/main.ts`, production
 * mode, the web build scripts/test-e2e.mjs made), on a free port and a fresh
 * data folder, with `env` on top. Resolves once /api/v1/health/ answers.
 * By default it uses the embedded database and the mail outbox, whatever the shell has.
 */
export async function spawnConveneNode(env: Record<string, string> = {}): Promise<ConveneNode> {
  const port = await freeTcpPort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convene-node-'));
  const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Every person and browser of a test comes from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      MEETING_CONNECT_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
  });
  const { log, hasExited, stop } = supervise(child, {
    signal: 'SIGINT',
    graceMs: 15_000,
    keepChars: 20_000,
    stdout: false,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/health/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (hasExited() || Date.now() > deadline) {
      await stop();
      throw new Error(`Convene on ${url} ${hasExited() ? 'exited' : 'did not answer within 120 s'}:\n${log()}`);
    }
    await sleep(250);
  }
  return { url, dataDir, pid: child.pid!, log, stop };
}
