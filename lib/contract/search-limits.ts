/**
 * Kept apart from the search schemas so the header's search box can use it
 * without loading zod on every page.
 */
export const SEARCH_QUERY_MAX = 200;
