import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverNodeFlags } from '../e2e/support/spawn-node';
import { freeTcpPort } from '../server/test/processes';

const root = path.resolve(import.meta.dirname, '..');

/** Children of every process, from /proc/<pid>/stat (field 4 is the parent). */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (field 2) may contain spaces; the fields after its ")" are fixed.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/** A process and all its descendants. */
function processTree(pid: number): number[] {
  const children = childrenByParent();
  const tree: number[] = [];
  for (const queue = [pid]; queue.length > 0; ) {
    const current = queue.pop()!;
    tree.push(current);
    queue.push(...(children.get(current) ?? []));
  }
  return tree;
}

/** Resident memory of one process in bytes, or 0 once it has ended. */
function rssBytes(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kib ?? 0) * 1024;
  } catch {
    return 0;
  }
}

async function waitUntilAnswering(url: string, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the server exited before answering');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export interface IdleMemory {
  rssBytes: number;
  processes: number;
  /** The exit code after SIGINT; 0 means it stopped cleanly. */
  exitCode: number | null;
}

/** One `npm start` (scripts/start.mjs) on `dataDir`: first page view, idle, memory read, SIGINT. */
async function startMeasureStop(dataDir: string, idleSeconds: number): Promise<IdleMemory> {
  const port = await freeTcpPort();
  const child = spawn(process.execPath, [...serverNodeFlags(), 'scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exited = false;
  void exit.then(() => (exited = true));
  try {
    const base = `http://127.0.0.1:${port}`;
    // A missing or stale web build is made first, which can take minutes.
    await waitUntilAnswering(`${base}/api/v1/health/`, 600_000, () => exited);
    await fetch(`${base}/sign-in`).then((response) => response.text());
    await sleep(idleSeconds * 1000);
    const tree = processTree(child.pid!);
    const total = tree.reduce((sum, pid) => sum + rssBytes(pid), 0);
    child.kill('SIGINT');
    const exitCode = await Promise.race([exit, sleep(20_000).then(() => null)]);
    return { rssBytes: total, processes: tree.length, exitCode };
  } finally {
    if (!exited) child.kill('SIGKILL');
  }
}

/**
 * Starts the product the way `npm start` does (building first if needed) on a
 * fresh data folder, then again on the same folder: the first start creates
 * the embedded database, the second is every later start. Each time the
 * sign-in page is loaded once, the server is left idle, and the memory of its
 * process tree is read before it is stopped with SIGINT.
 */
export async function measureIdleMemory(opts: { idleSeconds: number }) {
  if (process.platform !== 'linux') throw new Error('idle memory is read from /proc, which needs Linux');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convene-bench-start-'));
  try {
    const firstStart = await startMeasureStop(dataDir, opts.idleSeconds);
    const restart = await startMeasureStop(dataDir, opts.idleSeconds);
    return { firstStart, restart };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
