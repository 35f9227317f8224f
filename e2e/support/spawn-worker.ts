import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { supervise, type SupervisedChild } from '../../server/test/processes';

const root = path.resolve(import.meta.dirname, '..', '..');

/** What server/worker.ts logs once it takes work from the queue. */
const READY = 'processing worker ready';

/** `npm run worker`'s command line (package.json's worker script) without the leading `node`. */
function workerArguments(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { worker: string } };
  const [program, ...args] = manifest.scripts.worker.split(/\s+/);
  if (program !== 'node') throw new Error(`The worker script does not start with node: ${manifest.scripts.worker}`);
  return args;
}

/**
 * A processing worker as `npm run worker` runs it, in production mode with a
 * fresh data folder and `env` on top (DATABASE_URL at least: workers share
 * the API's queue). Resolves once it logged that it is ready.
 */
export async function spawnConveneWorker(env: Record<string, string>): Promise<SupervisedChild> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convene-worker-'));
  const child = spawn(process.execPath, workerArguments(), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, REDIS_URL: '', ...env, LOG_LEVEL: 'info' },
  });
  const worker = supervise(child, {
    signal: 'SIGTERM',
    graceMs: 15_000,
    keepChars: 50_000,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  });
  const deadline = Date.now() + 60_000;
  while (!worker.log().includes(READY)) {
    if (worker.hasExited() || Date.now() > deadline) {
      await worker.stop();
      throw new Error(`The processing worker ${worker.hasExited() ? 'exited' : 'was not ready within 60 s'}:\n${worker.log()}`);
    }
    await sleep(100);
  }
  return worker;
}
