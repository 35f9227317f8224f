import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from '@playwright/test';

/** A click on an in-app link, timed until the new page is on screen. */
export interface RouteChange {
  /** The destination as a route pattern (`/spaces/[id]` for every space). */
  route: string;
  /** Until the first paint with the new page's heading. */
  headingMs: number;
  /** Until the first paint with the heading and nothing left loading: the page's data shown. */
  loadedMs: number;
}

type RouteTimes = Omit<RouteChange, 'route'>;

/** Something in the main column still loading: antd's skeletons and spinners, or a region marked busy. */
const LOADING = '.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]';

/**
 * In every page of the context: on a click on a link, `window.benchRoute`
 * becomes a promise of the RouteChange times, or null after 10 s. The heading
 * is there once the address is the link's and the main column has a new,
 * non-empty h1; the page is loaded once, besides, nothing in the main column
 * is LOADING. Each time is read in a task after the animation frame that
 * found it so, that is after that frame's paint.
 * Plain JavaScript in a string: tsx's transform would add helper calls to
 * named functions that do not exist in the page.
 */
const WATCH_ROUTES = `
window.benchRoute = null;
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!link) return;
  const start = performance.now();
  const path = new URL(link.href).pathname;
  const headingBefore = document.querySelector('main h1');
  window.benchRoute = new Promise((resolve) => {
    const afterPaint = (then) => setTimeout(() => then(performance.now() - start), 0);
    let headingSeen = false;
    let headingMs = null;
    const check = () => {
      const main = document.querySelector('main');
      const heading = main && main.querySelector('h1');
      const arrived = location.pathname === path && heading && heading !== headingBefore && heading.textContent.trim() !== '';
      if (arrived && !headingSeen) {
        headingSeen = true;
        afterPaint((ms) => { headingMs = ms; });
      }
      // Scheduled after the heading's timer, so headingMs is set when this one runs.
      if (arrived && !main.querySelector(${JSON.stringify(LOADING)})) afterPaint((loadedMs) => resolve({ headingMs, loadedMs }));
      else if (performance.now() - start > 10000) resolve(null);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}, true);
`;

/** Nothing loading in the main column any more (the first page view). */
const settled = (page: Page) =>
  page.waitForFunction((loading) => {
    const main = document.querySelector('main');
    return Boolean(main?.querySelector('h1')?.textContent?.trim()) && !main?.querySelector(loading);
  }, LOADING, { timeout: 30_000 });

/** One round through the app from the hub home: a space, then the sidebar's destinations and home again. */
const round = (spaceId: string) => [
  { route: '/spaces/[id]', link: `main a[href="/spaces/${spaceId}"]` },
  ...['/search', '/meet', '/hub/settings', '/hub/billing', '/'].map((route) => ({ route, link: `nav[aria-label="Main"] a[href="${route}"]` })),
];

/**
 * Opens the hub home in a signed-in context and clicks through in-app links
 * (`round` above, one space after another) until `changes` route changes are
 * timed, with `pauseMs` between them as a person reading the page would leave.
 * Every change counts, the first visit of each page included.
 */
export async function measureRouteChanges(
  context: BrowserContext, opts: { changes: number; spaceIds: string[]; pauseMs: number },
): Promise<RouteChange[]> {
  await context.addInitScript({ content: WATCH_ROUTES });
  const page = await context.newPage();
  try {
    await page.goto('/', { waitUntil: 'networkidle' });
    await settled(page);
    const timings: RouteChange[] = [];
    for (let cycle = 0; timings.length < opts.changes; cycle += 1) {
      for (const { route, link } of round(opts.spaceIds[cycle % opts.spaceIds.length]!)) {
        if (timings.length >= opts.changes) break;
        await sleep(opts.pauseMs);
        await page.locator(link).first().click();
        const times = await page.evaluate(() => (window as unknown as { benchRoute: Promise<RouteTimes | null> | null }).benchRoute);
        if (!times) throw new Error(`the route change to ${route} did not finish loading within 10 s (at ${page.url()})`);
        timings.push({ route, ...times });
      }
    }
    return timings;
  } finally {
    await page.close();
  }
}
