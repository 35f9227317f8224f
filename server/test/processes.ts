import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SupervisedChild {
  /** The latest output kept (bounded, so a long run cannot fill memory). */
  log(): string;
  hasExited(): boolean;
  /** Asks the program to stop, kills it after the grace period, then cleans up. */
  stop(): Promise<void>;
}

/** A program a test started (a server, a TURN or media server): its output kept, and a stop that always ends it. */
export function supervise(
  child: ChildProcess,
  opts: { signal?: NodeJS.Signals; graceMs?: number; keepChars?: number; stdout?: boolean; cleanup(): void },
): SupervisedChild {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-(opts.keepChars ?? 200_000));
  };
  if (opts.stdout ?? true) child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // 'error' instead of 'exit' when the binary could not be started at all.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()).once('error', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  return {
    log: () => output,
    hasExited: () => hasExited,
    async stop() {
      if (!hasExited) {
        child.kill(opts.signal ?? 'SIGTERM');
        await Promise.race([exited, sleep(opts.graceMs ?? 5_000)]);
        if (!hasExited) child.kill('SIGKILL');
        await exited;
      }
      opts.cleanup();
    },
  };
}

/** A TCP port nothing listens on now, for a program a test starts. */
export async function freeTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

const root = path.resolve(import.meta.dirname, '..', '..');

/** A TypeScript entry of this repository (`server/worker.ts`…) in its own Node process, as its npm script runs it, with its output piped. */
export function spawnEntry(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, NODE_ENV: 'test' },
  });
}

/**
 * The API alone in its own process (server/test/api-process.ts), once it
 * prints its first line: a JSON object with its address and what it did at start.
 */
export function startApiProcess<T extends { url: string }>(env: Record<string, string>): Promise<T & { child: ChildProcess; log(): string }> {
  const child = spawnEntry('server/test/api-process.ts', env);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ ...(JSON.parse(line) as T), child, log: () => errors }));
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before it was ready: ${errors}`)));
  });
}
