import { setTimeout as sleep } from 'node:timers/promises';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { hubWithPeople, signedInContext, type ApiPerson } from '../../e2e/support/api-people';
import { joinFromLobby, startMeetingFromHub, tiles } from '../../e2e/support/meetings';
import { spawnConveneNode, type ConveneNode } from '../../e2e/support/spawn-node';
import { janusPath, startJanus } from '../../server/test/janus';
import { percentile } from '../load';
import { launchMeetingBrowser, serveBlankPage } from './browser';
import { cpuPercent, cpuSnapshot } from './cpu';
import { loopbackFirstFrame } from './loopback';
import { ensureWebBuild } from '../web-build';


export interface Percentiles {
  p50Ms: number;
  p95Ms: number;
  runs: number;
}

export interface ParticipantsResult {
  participants: number;
  remoteTiles: number;
  /** Frames received per second per remote tile over the window: mean and lowest tile. */
  meanFps: number;
  minFps: number;
  /** Remote tiles that received no frame in the window. */
  stalledTiles: number;
  /** The most common size of the received pictures. */
  resolution: string;
  browserCpuPercent: number;
  serverCpuPercent: number;
}

/** Joins and meetings of each size, through one way of carrying media. */
export interface MeetingModeResult {
  join: Percentiles;
  /** Joins that showed no remote frame within 20 s. */
  failedJoins: number;
  participants: ParticipantsResult[];
}

export interface MeetingsBenchResult extends MeetingModeResult {
  baseline: Percentiles;
  /** The same through a Janus SFU the bench starts; null when Janus is not installed. */
  sfu: MeetingModeResult | null;
  windowSeconds: number;
}

/** The meeting sizes measured, mesh and SFU alike. */
export const MEETING_SIZES = [2, 3, 4, 6];

const percentiles = (values: number[]): Percentiles => {
  const sorted = Float64Array.from(values).sort();
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), runs: values.length };
};


interface JoinTiming {
  clickAt: number;
  frameAt: number;
}

/**
 * In the lobby page: remembers when "Join meeting" is clicked and resolves
 * `window.benchJoin` with that time and the time the first frame of another
 * person's tile is shown (requestVideoFrameCallback, with polling as a net).
 * Plain JavaScript in a string: tsx's transform would add helper calls to
 * named functions that do not exist in the page.
 */
const WATCH_JOIN = `
window.benchJoin = new Promise((resolve) => {
  let clickAt = null;
  function done(frameAt) {
    if (clickAt !== null) resolve({ clickAt, frameAt });
  }
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (clickAt === null && button && button.textContent.includes('Join meeting')) clickAt = Date.now();
  }, true);
  const watched = new WeakSet();
  function look() {
    const selector = '[data-testid="video-tile"][data-self="false"]:not([data-screen="true"]) video';
    for (const video of document.querySelectorAll(selector)) {
      if (video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 0) done(Date.now());
      if (watched.has(video)) continue;
      watched.add(video);
      video.requestVideoFrameCallback(() => done(Date.now()));
    }
  }
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true });
  setInterval(look, 10);
});
// The script's value must not be the promise, or evaluate would wait for it before the click.
true;
`;

/** Every remote video of every page has shown frames. */
async function waitForAllPlaying(pages: Page[], participants: number) {
  for (const page of pages) {
    await expect(tiles(page)).toHaveCount(participants, { timeout: 30_000 });
    await page.waitForFunction(
      (others) => {
        const videos = [...document.querySelectorAll<HTMLVideoElement>('[data-testid="video-tile"][data-self="false"]:not([data-screen="true"]) video')];
        return videos.length === others && videos.every((v) => v.videoWidth > 0 && v.getVideoPlaybackQuality().totalVideoFrames > 0);
      },
      participants - 1,
      { timeout: 30_000 },
    );
  }
}

interface TileFrames {
  frames: number;
  size: string;
}

const remoteFrames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLVideoElement>('[data-testid="video-tile"][data-self="false"]:not([data-screen="true"]) video')].map(
      (v): TileFrames => ({ frames: v.getVideoPlaybackQuality().totalVideoFrames, size: `${v.videoWidth}×${v.videoHeight}` }),
    ));

/** A join that shows no remote frame this long counts as failed (and is left out of the percentiles). */
const JOIN_TIMEOUT_MS = 20_000;

async function measureJoins(
  browser: Browser, node: ConveneNode, host: ApiPerson, guest: ApiPerson, joins: number,
): Promise<{ timings: number[]; failures: number }> {
  const hostContext = await signedInContext(browser, node.url, host);
  try {
    const hostPage = await hostContext.newPage();
    const link = await startMeetingFromHub(hostPage);
    await joinFromLobby(hostPage);
    const timings: number[] = [];
    let failures = 0;
    // One untimed join first: the first page load compiles and caches the scripts.
    for (let run = -1; run < joins; run += 1) {
      const context = await signedInContext(browser, node.url, guest);
      try {
        const page = await context.newPage();
        await page.goto(link);
        await expect(page.getByRole('button', { name: 'Join meeting', exact: true })).toBeEnabled();
        // The lobby's camera is on before the click, as for a person who looks at their preview first.
        await page.getByTestId('lobby-preview').evaluate((video: HTMLVideoElement) =>
          new Promise<void>((resolve) => (video.videoWidth > 0 ? resolve() : video.addEventListener('resize', () => resolve(), { once: true }))));
        await page.evaluate(WATCH_JOIN);
        await page.getByRole('button', { name: 'Join meeting', exact: true }).click();
        const timing = await Promise.race([
          page.evaluate(() => (window as unknown as { benchJoin: Promise<JoinTiming> }).benchJoin),
          sleep(JOIN_TIMEOUT_MS).then(() => null),
        ]);
        if (run >= 0) {
          if (timing) timings.push(timing.frameAt - timing.clickAt);
          else failures += 1;
        }
      } finally {
        await context.close();
      }
      // The next join starts from a meeting with the host alone.
      await expect(tiles(hostPage)).toHaveCount(1, { timeout: 30_000 });
    }
    return { timings, failures };
  } finally {
    await hostContext.close();
  }
}

async function measureParticipants(
  browser: Browser, node: ConveneNode, people: ApiPerson[], windowSeconds: number, excludedPids: number[],
): Promise<ParticipantsResult[]> {
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const results: ParticipantsResult[] = [];
  try {
    let link = '';
    for (const [index, who] of people.entries()) {
      const context = await signedInContext(browser, node.url, who);
      contexts.push(context);
      const page = await context.newPage();
      pages.push(page);
      try {
        if (index === 0) link = await startMeetingFromHub(page);
        else await page.goto(link);
        await joinFromLobby(page);
      } catch (error) {
        // Report what the page showed and keep the figures of the smaller meetings.
        const shown = await page.locator('body').innerText({ timeout: 5_000 }).catch(() => '');
        console.warn(`person ${index + 1} could not join: ${(error as Error).message.split('\n')[0]}\nThe page showed: ${shown.slice(0, 400)}`);
        break;
      }
      const participants = index + 1;
      if (!MEETING_SIZES.includes(participants)) continue;

      // A connection that never comes up shows as a tile with 0 fps rather than stopping the bench.
      await waitForAllPlaying(pages, participants).catch((error: unknown) =>
        console.warn(`${participants} people: not every video plays after 30 s (${(error as Error).message.split('\n')[0]})`));
      // Let the senders' bandwidth estimate and resolution settle after the join.
      await sleep(3_000);
      const before = await Promise.all(pages.map(remoteFrames));
      const cpuBefore = cpuSnapshot(process.pid, [node.pid, ...excludedPids]);
      await sleep(windowSeconds * 1000);
      const cpuAfter = cpuSnapshot(process.pid, [node.pid, ...excludedPids]);
      const after = await Promise.all(pages.map(remoteFrames));
      const seconds = (cpuAfter.at - cpuBefore.at) / 1000;

      const fps = after.flatMap((tilesAfter, p) => tilesAfter.map((tile, t) => (tile.frames - (before[p]?.[t]?.frames ?? 0)) / seconds));
      const sizes = new Map<string, number>();
      for (const tile of after.flat()) sizes.set(tile.size, (sizes.get(tile.size) ?? 0) + 1);
      const cpu = cpuPercent(cpuBefore, cpuAfter);
      results.push({
        participants,
        remoteTiles: fps.length,
        meanFps: fps.reduce((a, b) => a + b, 0) / fps.length,
        minFps: Math.min(...fps),
        stalledTiles: fps.filter((value) => value === 0).length,
        resolution: [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '',
        browserCpuPercent: cpu.browser,
        serverCpuPercent: cpu.excluded,
      });
    }
    return results;
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

const PEOPLE = ['Ada Adams', 'Ben Brooks', 'Cleo Chen', 'Dev Desai', 'Eve Evans', 'Finn Ford'];

/** Joins, then meetings of MEETING_SIZES people, on a node with `env` (mesh, or JANUS_URL). */
async function measureMode(
  browser: Browser, env: Record<string, string>, opts: { joins: number; windowSeconds: number; excludedPids: number[] },
): Promise<MeetingModeResult> {
  const node = await spawnConveneNode(env);
  try {
    const { people } = await hubWithPeople(node.url, PEOPLE.slice(0, Math.max(...MEETING_SIZES)), node.dataDir);
    const [ada, ben] = people;
    const join = await measureJoins(browser, node, ada!, ben!, opts.joins);
    const participants = await measureParticipants(browser, node, [...people], opts.windowSeconds, opts.excludedPids);
    return { join: percentiles(join.timings), failedJoins: join.failures, participants };
  } finally {
    await node.stop();
  }
}

/**
 * The product as `npm start` serves it (production build, built-in PostgreSQL, no STUN or
 * TURN: host candidates on this machine) and headless Chromium with its fake
 * camera and microphone, all in this process's tree:
 * 1. `joins` times: a second person clicks "Join meeting" in the lobby (camera
 *    already on) → the first frame of the host's tile, against a bare
 *    RTCPeerConnection call between two contexts with the same fake camera
 *    (offer created → first remote frame), also `joins` times;
 * 2. 2, 3, 4 and 6 people in one meeting: frames received per second per remote
 *    tile and the CPU of the browser's processes (and the server's) over
 *    `windowSeconds`;
 * both as a mesh and, when Janus is installed, through a Janus SFU the bench
 * starts (its CPU counts as the server's).
 */
export async function measureMeetings(opts: { joins: number; windowSeconds: number }): Promise<MeetingsBenchResult> {
  if (process.platform !== 'linux') throw new Error('the meetings bench reads CPU time from /proc, which needs Linux');
  ensureWebBuild();
  const browser = await launchMeetingBrowser();
  const blank = await serveBlankPage();
  try {
    const baseline: number[] = [];
    for (let run = -1; run < opts.joins; run += 1) {
      const ms = await loopbackFirstFrame(browser, blank.origin, { iceServers: [], iceTransportPolicy: 'all' });
      if (ms === null) throw new Error('the bare WebRTC call showed no remote frame within 15 s');
      if (run >= 0) baseline.push(ms);
    }
    const mesh = await measureMode(browser, { MEETING_MAX_PARTICIPANTS: '8' }, { ...opts, excludedPids: [] });
    const binary = janusPath();
    let sfu: MeetingModeResult | null = null;
    if (binary) {
      const janus = await startJanus({ binary });
      try {
        sfu = await measureMode(
          browser,
          { JANUS_URL: janus.api.url, JANUS_API_SECRET: janus.api.apiSecret, JANUS_ROOM_ADMIN_KEY: janus.roomAdminKey },
          { ...opts, excludedPids: [janus.pid] },
        );
      } finally {
        await janus.stop();
      }
    }
    return { ...mesh, baseline: percentiles(baseline), sfu, windowSeconds: opts.windowSeconds };
  } finally {
    await browser.close();
    await blank.close();
  }
}
