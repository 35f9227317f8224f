import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, type Page } from '@playwright/test';
import { hubWithPeople, signedInContext } from '../../e2e/support/api-people';
import { joinFromLobby, startMeetingFromHub, tileOf } from '../../e2e/support/meetings';
import { spawnConveneNode } from '../../e2e/support/spawn-node';
import { EFFECTS_KEY, type EffectSettings } from '../../client/meetings/effects/effect-settings';
import { launchMeetingBrowserServer } from './browser';
import { cpuPercent, cpuSnapshot, type CpuSnapshot } from './cpu';
import { ensureWebBuild } from '../web-build';

export interface EffectsCpuRow {
  effects: string;
  /** % of one core: the meeting tab's renderer, and all of its browser's processes (GPU, audio and network services too). */
  rendererCpuPercent: number;
  browserCpuPercent: number;
  /** Frames per second of the sender's picture as the other person receives it. */
  receivedFps: number;
}

const CASES: Array<{ name: string; effects: EffectSettings }> = [
  { name: 'effects off', effects: { noiseSuppression: false, blur: false } },
  { name: 'noise suppression', effects: { noiseSuppression: true, blur: false } },
  { name: 'background blur', effects: { noiseSuppression: false, blur: true } },
  { name: 'both', effects: { noiseSuppression: true, blur: true } },
];

const isRenderer = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
  } catch {
    return false;
  }
};

/** CPU % of the renderer processes alone between two snapshots of one browser's tree. */
function rendererPercent(before: CpuSnapshot, after: CpuSnapshot): number {
  const only = (snapshot: CpuSnapshot) => ({
    ...snapshot,
    browser: new Map([...snapshot.browser].filter(([pid]) => isRenderer(pid))),
  });
  return cpuPercent(only(before), only(after)).browser;
}

const framesOf = (page: Page, name: string) =>
  tileOf(page, name).locator('video').evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames);

/**
 * One person's CPU cost of noise suppression and background blur: a second
 * person waits in a meeting in one browser; the first joins from another
 * browser with each set of effects (chosen in the lobby, as a person does)
 * and, after `settleSeconds`, that browser's CPU time over `windowSeconds` is read
 * from /proc, with the frame rate the second person receives.
 */
export async function measureEffectsCpu(opts: { windowSeconds: number; settleSeconds: number }): Promise<EffectsCpuRow[]> {
  if (process.platform !== 'linux') throw new Error('the effects bench reads CPU time from /proc, which needs Linux');
  ensureWebBuild();
  const node = await spawnConveneNode();
  const watcher = await launchMeetingBrowserServer();
  const sender = await launchMeetingBrowserServer();
  try {
    const { people: [ada, ben] } = await hubWithPeople(node.url, ['Ada Adams', 'Ben Brooks'], node.dataDir);
    const benContext = await signedInContext(watcher.browser, node.url, ben);
    const benPage = await benContext.newPage();
    const link = await startMeetingFromHub(benPage);
    await joinFromLobby(benPage);

    const rows: EffectsCpuRow[] = [];
    for (const { name, effects } of CASES) {
      const context = await signedInContext(sender.browser, node.url, ada);
      try {
        await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [EFFECTS_KEY, JSON.stringify(effects)] as const);
        const page = await context.newPage();
        await page.goto(link);
        await joinFromLobby(page);
        await expect(tileOf(benPage, ada.name)).toHaveCount(1, { timeout: 30_000 });
        await expect.poll(() => framesOf(benPage, ada.name), { timeout: 30_000 }).toBeGreaterThan(0);
        await sleep(opts.settleSeconds * 1000);
        const framesBefore = await framesOf(benPage, ada.name);
        const before = cpuSnapshot(sender.pid, []);
        await sleep(opts.windowSeconds * 1000);
        const after = cpuSnapshot(sender.pid, []);
        const framesAfter = await framesOf(benPage, ada.name);
        rows.push({
          effects: name,
          rendererCpuPercent: rendererPercent(before, after),
          browserCpuPercent: cpuPercent(before, after).browser,
          receivedFps: (framesAfter - framesBefore) / ((after.at - before.at) / 1000),
        });
      } finally {
        await context.close();
      }
      await expect(tileOf(benPage, ada.name)).toHaveCount(0, { timeout: 30_000 });
    }
    return rows;
  } finally {
    await sender.close();
    await watcher.close();
    await node.stop();
  }
}

export function effectsCpuSection(rows: EffectsCpuRow[], windowSeconds: number, row: (cells: string[]) => string): string {
  return `Meeting effects — one person's cost of noise suppression (RNNoise in an AudioWorklet) and background blur
(MediaPipe selfie segmentation, composited on a canvas), chosen in the lobby; another person in a second browser
receives. CPU time of the sender's browser over ${windowSeconds} s (utime + stime from /proc, % of one core): its meeting
tab's renderer, and all its processes (GPU process, audio and network services too).

${row(['effects', 'renderer CPU %', 'browser CPU %', 'fps received'])}
${row(['---', '---:', '---:', '---:'])}
${rows.map((r) => row([r.effects, r.rendererCpuPercent.toFixed(0), r.browserCpuPercent.toFixed(0), r.receivedFps.toFixed(1)])).join('\n')}`;
}
