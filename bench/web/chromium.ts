import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeTcpPort } from '../../server/test/processes';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface DebuggableChromium {
  /** Its DevTools port on 127.0.0.1: Lighthouse and Playwright both drive it through this. */
  port: number;
  stop: () => Promise<void>;
}

/**
 * The system's Chromium (CHROMIUM_PATH or scripts/ensure-chromium.mjs),
 * headless, with a fresh profile and a DevTools port, and without the
 * background work (updates, sync, translation) that would take CPU from the
 * page being measured. Started here rather than by Lighthouse so that nothing
 * is downloaded and both tools share one browser.
 */
export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const executable = process.env.CHROMIUM_PATH
    || execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-chromium.mjs')], { encoding: 'utf8' }).trim().split('\n').at(-1)!;
  const port = await freeTcpPort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'convene-bench-chromium-'));
  const child = spawn(executable, [
    '--headless=new', '--no-sandbox', '--no-first-run', '--no-default-browser-check', '--disable-extensions',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps',
    '--disable-features=Translate,OptimizationHints,MediaRouter', '--mute-audio', '--password-store=basic',
    `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank',
  ], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))]);
    rmSync(profile, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 30_000; ;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${executable} did not open its DevTools port ${port}`);
    }
    await sleep(100);
  }
}
