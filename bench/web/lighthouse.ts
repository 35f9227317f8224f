import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';

/** Lighthouse's two presets: its default (a mid-range phone on slow 4G, simulated) and its desktop one. */
export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseFigures {
  /** The performance category, 0–100. */
  performance: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** Lighthouse's own CPU benchmark of this machine during the run: lower when it is slow or busy. */
  benchmarkIndex: number;
}

export interface LighthouseResult extends LighthouseFigures {
  formFactor: FormFactor;
  runs: number;
}

const CONFIGS: Record<FormFactor, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Lighthouse's own failures (a trace without its navigation, say) ask for another run; this many per page and preset. */
const MAX_FAILURES = 3;

/** One Lighthouse navigation to `url` in the browser on `port`, performance category only. */
async function runOnce(url: string, port: number, formFactor: FormFactor): Promise<LighthouseFigures | { runtimeError: string }> {
  const flags: Flags = { port, logLevel: 'error', onlyCategories: ['performance'] };
  const result = await lighthouse(url, flags, CONFIGS[formFactor]);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) return { runtimeError: lhr.runtimeError.message };
  // A hub home without the session cookie is sent to /sign-in: those figures would be of the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url} has no ${id}`);
    return value;
  };
  return {
    performance: (lhr.categories.performance?.score ?? 0) * 100,
    cls: metric('cumulative-layout-shift'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * `runs` Lighthouse navigations to `url` with the preset of `formFactor`, one
 * after another in new tabs of the browser's own profile (its cookies kept,
 * its caches cleared each time), and the median of each figure on its own.
 */
export async function measureLighthouse(url: string, opts: { port: number; formFactor: FormFactor; runs: number }): Promise<LighthouseResult> {
  const all: LighthouseFigures[] = [];
  for (let failures = 0; all.length < opts.runs; ) {
    const outcome = await runOnce(url, opts.port, opts.formFactor);
    if (!('runtimeError' in outcome)) {
      all.push(outcome);
      continue;
    }
    failures += 1;
    if (failures === MAX_FAILURES) throw new Error(`Lighthouse on ${url} failed ${MAX_FAILURES} times: ${outcome.runtimeError}`);
    console.warn(`Lighthouse on ${url} (${opts.formFactor}) failed, running it again: ${outcome.runtimeError}`);
  }
  const of = (key: keyof LighthouseFigures) => median(all.map((figures) => figures[key]));
  return {
    formFactor: opts.formFactor, runs: opts.runs,
    performance: of('performance'), cls: of('cls'), lcpMs: of('lcpMs'), tbtMs: of('tbtMs'), fcpMs: of('fcpMs'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}
