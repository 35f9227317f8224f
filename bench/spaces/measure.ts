import { measureLoad, type LoadResult } from '../load';
import { spawnBenchProcess } from '../spawn-servers';
import type { LatencyResult } from './direct-query';
import type { SpacesBenchServer } from './server';

export interface SpacesPageResult {
  page: number;
  direct: LatencyResult;
  http: LoadResult;
}

export interface SpacesBenchResult {
  database: string;
  seedSeconds: number;
  /** Spaces the measured person sees (the list's count). */
  visible: number;
  pages: SpacesPageResult[];
  sampleSql: string;
}

/**
 * GET spaces/ pages on the real API against the same SQL sent straight to the
 * database, both in one child process over one seeded database. The HTTP side
 * uses one connection, so both columns time one request at a time.
 */
export async function measureSpacesList(opts: { seconds: number; warmupSeconds: number }): Promise<SpacesBenchResult> {
  const server = await spawnBenchProcess<SpacesBenchServer>('spaces/server.ts', {
    BENCH_SPACES_SECONDS: String(opts.seconds),
  });
  try {
    const headers = { AppType: 'social', Authorization: `JWT ${server.token}`, 'Org-Handle': server.handle };
    const pages: SpacesPageResult[] = [];
    for (const page of server.pages) {
      const url = `${server.listUrl}?page=${page.page}&page_size=10`;
      // The endpoint must answer the very rows the replayed SQL reads, or the ratio compares different work.
      const check = await fetch(url, { headers });
      const body = (await check.json()) as { data?: Array<{ id: string }>; count?: number };
      const ids = body.data?.map((space) => space.id) ?? [];
      if (check.status !== 200 || body.count !== page.count || ids.join() !== page.ids.join() || ids.length !== 10) {
        throw new Error(`GET spaces/ page ${page.page} answered ${check.status} with other rows than the list function`);
      }
      const http = await measureLoad({ url, headers, connections: 1, durationSeconds: opts.seconds, warmupSeconds: opts.warmupSeconds });
      if (http.failures > 0) throw new Error(`GET spaces/ page ${page.page}: ${http.failures} failed requests`);
      pages.push({ page: page.page, direct: page.direct, http });
    }
    return { database: server.database, seedSeconds: server.seedSeconds, visible: server.pages[0]?.count ?? 0, pages, sampleSql: server.sampleSql };
  } finally {
    await server.stop();
  }
}
