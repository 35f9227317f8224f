import { spawnBenchProcess } from '../spawn-servers';
import { sampleLatencies, type Latencies } from './latency';
import type { SearchBenchQuery, SearchBenchServer } from './search-server';

export interface SearchQueryResult extends SearchBenchQuery {
  http: Latencies;
}

export interface SearchBenchResult extends Pick<SearchBenchServer, 'database' | 'seedSeconds' | 'documents' | 'characters' | 'spaces' | 'visibleSpaces' | 'evaluation'> {
  queries: SearchQueryResult[];
}

/**
 * GET search/ on the real API against the same SQL sent straight to the
 * database, both over one seeded database in a child process; one request
 * at a time on each side. Search remembers nothing between requests, so
 * every request is a first search.
 */
export async function measureSearch(opts: { documents: number; characters: number; seconds: number }): Promise<SearchBenchResult> {
  const server = await spawnBenchProcess<SearchBenchServer>('contents/search-server.ts', {
    BENCH_SEARCH_DOCUMENTS: String(opts.documents),
    BENCH_SEARCH_CHARACTERS: String(opts.characters),
    BENCH_SEARCH_SECONDS: String(opts.seconds),
  });
  try {
    const headers = { AppType: 'social', Authorization: `JWT ${server.token}`, 'Org-Handle': server.handle };
    const { seconds } = opts;
    const queries: SearchQueryResult[] = [];
    for (const query of server.queries) {
      const url = `${server.searchUrl}?${new URLSearchParams({ q: query.q, page: '1', page_size: '10' })}`;
      const get = async () => {
        const response = await fetch(url, { headers });
        const body = (await response.json()) as { data?: Array<{ content: { id: string } }>; count?: number };
        if (response.status !== 200) throw new Error(`GET search/ for ${query.label} answered ${response.status}`);
        return body;
      };
      // The endpoint must answer the very rows the replayed SQL reads, or the ratio compares different work.
      const check = await get();
      const ids = check.data?.map((result) => result.content.id) ?? [];
      if (check.count !== query.count || ids.join() !== query.ids.join()) {
        throw new Error(`GET search/ for ${query.label} answered other rows than the search function`);
      }
      const http = await sampleLatencies(get, { seconds, warmupRuns: 2, minRuns: 10 });
      queries.push({ ...query, http });
    }
    const { database, seedSeconds, documents, characters, spaces, visibleSpaces, evaluation } = server;
    return { database, seedSeconds, documents, characters, spaces, visibleSpaces, evaluation, queries };
  } finally {
    await server.stop();
  }
}
