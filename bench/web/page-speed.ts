// Lighthouse on the sign-in page and the hub home, and route changes inside
// the app, on the product as `npm start` serves it (production build, built-in
// PostgreSQL on a fresh data folder) and the system's headless Chromium.
import { chromium } from '@playwright/test';
import { callApi, hubWithPeople, signedInContext, type ApiPerson } from '../../e2e/support/api-people';
import { spawnConveneNode } from '../../e2e/support/spawn-node';
import { TOKEN_COOKIE } from '../../lib/token-cookie';
import { percentile } from '../load';
import { ensureWebBuild } from '../web-build';
import { launchDebuggableChromium } from './chromium';
import { measureLighthouse, type FormFactor, type LighthouseResult } from './lighthouse';
import { measureRouteChanges, type RouteChange } from './route-changes';

/** The targets the figures are printed beside. */
const PAGE_SPEED_TARGETS = { performance: 95, cls: 0.05, routeChangeP95Ms: 200 } as const;

const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];
const SPACES = ['Design reviews', 'Field notes', 'Quarterly planning'];

export interface PageSpeedResult {
  lighthouse: Array<LighthouseResult & { page: string }>;
  routeChanges: RouteChange[];
}

/**
 * Puts `who`'s session cookie in the browser's own profile, where Lighthouse
 * opens its tabs (it clears caches and storage before each run, not cookies),
 * then lets go of the browser so that nothing else drives it during the runs.
 */
async function signInProfile(port: number, url: string, who: ApiPerson) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const profile = browser.contexts()[0];
    if (!profile) throw new Error('Chromium has no default profile to sign in');
    await profile.addCookies([{ name: TOKEN_COOKIE, value: encodeURIComponent(who.token), url, httpOnly: true, sameSite: 'Strict' }]);
  } finally {
    await browser.close();
  }
}

/**
 * Starts the product on a fresh data folder, makes a person with a hub of
 * three spaces through the API, then runs Lighthouse `lighthouseRuns` times
 * per page and preset (medians kept) and times `routeChanges` clicks through
 * the signed-in app.
 */
export async function measurePageSpeed(opts: { lighthouseRuns: number; routeChanges: number }): Promise<PageSpeedResult> {
  ensureWebBuild();
  const node = await spawnConveneNode();
  const browserProcess = await launchDebuggableChromium();
  try {
    const { hub, people: [person] } = await hubWithPeople(node.url, ['Ada Adams'], node.dataDir);
    const spaceIds: string[] = [];
    for (const name of SPACES) {
      const created = await callApi(node.url, 'POST spaces/', {
        token: person.token, hub: hub.handle, body: { name, visibility: 'shared' },
      });
      spaceIds.push(created.data.id);
    }

    const lighthouse: PageSpeedResult['lighthouse'] = [];
    // Signed out first; the hub home needs the session.
    for (const page of ['/sign-in', '/']) {
      if (page === '/') await signInProfile(browserProcess.port, node.url, person);
      for (const formFactor of FORM_FACTORS) {
        const result = await measureLighthouse(`${node.url}${page}`, { port: browserProcess.port, formFactor, runs: opts.lighthouseRuns });
        lighthouse.push({ page, ...result });
      }
    }

    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${browserProcess.port}`);
    try {
      const context = await signedInContext(browser, node.url, person);
      const routeChanges = await measureRouteChanges(context, { changes: opts.routeChanges, spaceIds, pauseMs: 500 });
      return { lighthouse, routeChanges };
    } finally {
      await browser.close();
    }
  } finally {
    await browserProcess.stop();
    await node.stop();
  }
}

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const ms = (value: number) => value.toFixed(0);
const within = (ok: boolean) => (ok ? 'yes' : 'NO');

function timingRow(name: string, changes: RouteChange[], target: string) {
  const sorted = (key: 'headingMs' | 'loadedMs') => Float64Array.from(changes.map((change) => change[key])).sort();
  const heading = sorted('headingMs');
  const loaded = sorted('loadedMs');
  const p95 = percentile(loaded, 95);
  return row([
    name, String(changes.length), ms(percentile(heading, 50)), ms(percentile(heading, 95)),
    ms(percentile(loaded, 50)), ms(p95), ms(loaded.at(-1) ?? 0),
    target, target ? within(p95 <= PAGE_SPEED_TARGETS.routeChangeP95Ms) : '',
  ]);
}

/** Markdown tables of the Lighthouse medians and the route-change timings, with the targets beside them. */
export function pageSpeedSection(result: PageSpeedResult): string {
  const { performance, cls, routeChangeP95Ms } = PAGE_SPEED_TARGETS;
  const routes = [...new Set(result.routeChanges.map((change) => change.route))];
  const runs = result.lighthouse[0]?.runs ?? 0;
  return [
    `Lighthouse (performance category; mobile = its default preset, a mid-range phone on slow 4G, simulated;
desktop = its desktop preset), median of ${runs} runs per figure, in headless Chromium on the product as npm start
serves it. Hub home: signed in (session cookie in the browser), a hub with ${SPACES.length} spaces. Targets: performance ≥ ${performance}, CLS ≤ ${cls}.
CPU benchmark index: Lighthouse's measure of this machine during the runs; a busy machine scores lower and the
page's long tasks, hence TBT and the score, come out worse.`,
    '',
    row(['page', 'preset', 'performance', 'CLS', 'LCP ms', 'TBT ms', 'FCP ms', 'within targets', 'CPU benchmark index']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---', '---:']),
    ...result.lighthouse.map((r) => row([
      r.page, r.formFactor, r.performance.toFixed(0), r.cls.toFixed(3), ms(r.lcpMs), ms(r.tbtMs), ms(r.fcpMs),
      within(r.performance >= performance && r.cls <= cls), r.benchmarkIndex.toFixed(0),
    ])),
    '',
    `Route changes inside the app, signed in, 1280×720: a click on a link (a space card on the hub home, the sidebar's
entries) → the first paint with the new page's main heading, and → the first paint with its data loaded as well
(no skeleton or spinner left), timed in the page; 0.5 s between clicks, first visits of each page included.
Target: loaded p95 ≤ ${routeChangeP95Ms} ms.`,
    '',
    row(['destination', 'changes', 'heading p50 ms', 'heading p95 ms', 'loaded p50 ms', 'loaded p95 ms', 'loaded max ms', 'target', 'within']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---']),
    ...routes.map((route) => timingRow(route, result.routeChanges.filter((change) => change.route === route), '')),
    timingRow('all', result.routeChanges, `p95 ≤ ${routeChangeP95Ms}`),
  ].join('\n');
}
