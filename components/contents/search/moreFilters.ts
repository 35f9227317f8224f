import type { SearchFilters } from '@/lib/contract/search';

/** The search page's filters beside the query and the kind, each as the API and the address name it. */
export const moreFilterKeys = ['space_id', 'author_id', 'from', 'to'] as const;
export type MoreFilters = Pick<SearchFilters, (typeof moreFilterKeys)[number]>;

/**
 * The filters an address carries. They go to the API as they are: one it
 * refuses (a malformed day) is shown next to its field, not dropped unseen.
 */
export function moreFiltersFrom(query: Record<string, string | string[] | undefined>): MoreFilters {
  const filters: MoreFilters = {};
  for (const key of moreFilterKeys) {
    const value = query[key];
    if (typeof value === 'string' && value) filters[key] = value;
  }
  return filters;
}

/** How many of these filters are set, the two ends of the days counting as one. */
export function moreFiltersSet(filters: MoreFilters): number {
  return [filters.space_id, filters.author_id, filters.from || filters.to].filter(Boolean).length;
}
