import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serverNodeFlags } from '../e2e/support/spawn-node';
import type { BenchServers } from './servers';

/**
 * Starts a bench script in a child process (so the load generator never
 * shares its event loop) and waits for the one JSON line it prints when ready.
 */
export async function spawnBenchProcess<T>(script: string, env: Record<string, string> = {}): Promise<T & { stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', path.join(import.meta.dirname, script)], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited (code ${code}) before it was ready`)));
  });
  return {
    ...(JSON.parse(firstLine) as T),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts bench/servers.ts and waits for its addresses. */
export const spawnBenchServers = () => spawnBenchProcess<BenchServers>('servers.ts');
