import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { contentEndpoints } from '@/lib/contract/contents';
import { pathOf } from '@/lib/contract/endpoint';
import { searchEndpoints } from '@/lib/contract/search';
import { measureLoad, percentile, type LoadResult } from '../load';
import { spawnBenchProcess } from '../spawn-servers';
import type { PeopleBenchServer } from './server';

const ACTIONS = ['me', 'spaces', 'contents', 'search', 'upload'] as const;
type Action = (typeof ACTIONS)[number];
/** How often each action comes up, as a person working in the hub would use it. */
const WEIGHTS: Record<Action, number> = { me: 30, spaces: 20, contents: 20, search: 20, upload: 10 };

export interface ActionFigures {
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
}

export interface PeopleRun {
  busyCore: boolean;
  seconds: number;
  requests: number;
  errors: number;
  /** A few of the failures, to say what went wrong. */
  errorSamples: string[];
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  byAction: Record<Action, ActionFigures>;
}

export interface PeopleBenchResult {
  people: number;
  documents: number;
  seedSeconds: number;
  /** The uncounted run before the measured ones. */
  warmupSeconds: number;
  runs: PeopleRun[];
  /** GET spaces/{id}/contents/ on the space holding every document, one connection. */
  contentsList: Array<{ page: number; http: LoadResult }>;
}

function pickAction(random: number): Action {
  let left = random * ACTIONS.reduce((sum, action) => sum + WEIGHTS[action], 0);
  for (const action of ACTIONS) {
    left -= WEIGHTS[action];
    if (left < 0) return action;
  }
  return 'me';
}

const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;

/** One simulated person: think 1–3 s, do one thing, repeat until `until`. */
async function person(server: PeopleBenchServer, token: string, index: number, until: number, record: (action: Action, ms: number, error?: string) => void) {
  const headers = { AppType: 'social', Authorization: `JWT ${token}`, 'Org-Handle': server.handle };
  // Spread the first requests over the first think time, as people do not all click at once.
  await sleep(1_000 + Math.random() * 2_000);
  let uploads = 0;
  while (Date.now() < until) {
    const action = pickAction(Math.random());
    const started = performance.now();
    let url = `${server.apiUrl}auth/me/`;
    let init: RequestInit = { headers };
    if (action === 'spaces') url = `${server.apiUrl}spaces/?page=1&page_size=10`;
    if (action === 'contents') {
      url = `${server.apiUrl}${pathOf(contentEndpoints.list, { id: server.bigSpaceId })}?page=${1 + Math.floor(Math.random() * 3)}&page_size=10`;
    }
    if (action === 'search') {
      url = `${server.apiUrl}${pathOf(searchEndpoints.search)}?${new URLSearchParams({ q: pick(server.words), page: '1', page_size: '10' })}`;
    }
    if (action === 'upload') {
      const form = new FormData();
      const text = `Notes ${index}-${uploads++}\n${'Minutes of the weekly meeting. '.repeat(300)}`;
      form.append('file', new Blob([text], { type: 'text/plain' }), `notes-${index}-${uploads}.txt`);
      url = `${server.apiUrl}${pathOf(contentEndpoints.upload, { id: pick(server.spaceIds) })}?kind=document`;
      init = { method: 'POST', headers, body: form };
    }
    try {
      const response = await fetch(url, init);
      const body = await response.text();
      const ms = performance.now() - started;
      record(action, ms, response.ok ? undefined : `${action} ${response.status} ${body.slice(0, 120)}`);
    } catch (error) {
      record(action, performance.now() - started, `${action} ${(error as Error).message}`);
    }
    await sleep(1_000 + Math.random() * 2_000);
  }
}

/** Keeps one core busy in another process (a second workload on the same machine). */
function busyCore() {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function run(server: PeopleBenchServer, opts: { seconds: number; busy: boolean }): Promise<PeopleRun> {
  const latencies: Record<Action, number[]> = { me: [], spaces: [], contents: [], search: [], upload: [] };
  const errors: Record<Action, number> = { me: 0, spaces: 0, contents: 0, search: 0, upload: 0 };
  const errorSamples: string[] = [];
  const record = (action: Action, ms: number, error?: string) => {
    latencies[action].push(ms);
    if (!error) return;
    errors[action] += 1;
    if (errorSamples.length < 5) errorSamples.push(error);
  };
  const stopBusy = opts.busy ? busyCore() : undefined;
  try {
    const until = Date.now() + opts.seconds * 1000;
    await Promise.all(server.tokens.map((token, index) => person(server, token, index, until, record)));
  } finally {
    await stopBusy?.();
  }
  const figures = (values: number[]) => Float64Array.from(values).sort();
  const all = figures(Object.values(latencies).flat());
  const byAction = Object.fromEntries(ACTIONS.map((action) => {
    const sorted = figures(latencies[action]);
    return [action, { requests: sorted.length, errors: errors[action], p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) }];
  })) as Record<Action, ActionFigures>;
  return {
    busyCore: opts.busy, seconds: opts.seconds, requests: all.length,
    errors: Object.values(errors).reduce((sum, n) => sum + n, 0), errorSamples,
    p50Ms: percentile(all, 50), p95Ms: percentile(all, 95), p99Ms: percentile(all, 99), byAction,
  };
}

/**
 * Hundreds of people using one hub at once on the real API (its own process,
 * the product's database): each thinks 1–3 s between actions (who am I, the
 * spaces list, a space's contents, a search, a small upload), for `seconds`,
 * on a quiet machine and again with one core kept busy by another process,
 * after an uncounted warm-up run.
 * Also times the contents list of a space holding every document.
 */
export async function measurePeople(opts: { seconds: number; warmupSeconds: number; listSeconds: number }): Promise<PeopleBenchResult> {
  const server = await spawnBenchProcess<PeopleBenchServer>('people/server.ts');
  try {
    const headers = { AppType: 'social', Authorization: `JWT ${server.tokens[0]}`, 'Org-Handle': server.handle };
    const contentsList: PeopleBenchResult['contentsList'] = [];
    for (const page of [1, 500]) {
      const url = `${server.apiUrl}${pathOf(contentEndpoints.list, { id: server.bigSpaceId })}?page=${page}&page_size=10`;
      const check = await fetch(url, { headers });
      const body = (await check.json()) as { data?: unknown[]; count?: number };
      if (check.status !== 200 || body.count !== server.documents || body.data?.length !== 10) {
        throw new Error(`GET spaces/{id}/contents/ page ${page} answered ${check.status} with ${body.data?.length} of ${body.count} items`);
      }
      const http = await measureLoad({ url, headers, connections: 1, durationSeconds: opts.listSeconds, warmupSeconds: 1 });
      if (http.failures > 0) throw new Error(`GET spaces/{id}/contents/ page ${page}: ${http.failures} failed requests`);
      contentsList.push({ page, http });
    }
    // A hub in service has served its people before: the first run fills the caches and is not counted.
    await run(server, { seconds: opts.warmupSeconds, busy: false });
    const runs = [await run(server, { seconds: opts.seconds, busy: false }), await run(server, { seconds: opts.seconds, busy: true })];
    return { people: server.tokens.length, documents: server.documents, seedSeconds: server.seedSeconds, warmupSeconds: opts.warmupSeconds, runs, contentsList };
  } finally {
    await server.stop();
  }
}
