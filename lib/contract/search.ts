import { z } from 'zod';
import { searchField } from '../validation/fields';
import { contentKinds, contentViewSchema } from './contents';
import { endpoint } from './endpoint';
import { listEnvelope, pageQuery } from './envelope';
import { SEARCH_QUERY_MAX } from './search-limits';

export { SEARCH_QUERY_MAX };

/**
 * GET search/?q&kind&space_id&page&page_size — full-text search over every
 * space the caller may read in the active hub (or one space with space_id).
 */
export const searchQuery = pageQuery.extend({
  q: searchField(SEARCH_QUERY_MAX, 'Search').refine((v) => v !== undefined, 'Please enter what to search for'),
  kind: z.enum(contentKinds).optional(),
  space_id: z.string().optional(),
});
export type SearchFilters = Omit<z.input<typeof searchQuery>, 'page' | 'page_size'>;

/** A piece of a snippet; `match` pieces are what the search found (shown highlighted). */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

export const searchResultSchema = z.object({
  content: contentViewSchema,
  space: z.object({ id: z.string(), name: z.string() }),
  rank: z.number(),
  /** Text around the best match, split so the client never renders HTML from it. */
  snippet: z.array(snippetPartSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchEndpoints = {
  search: endpoint({
    method: 'GET', path: 'search/', tag: 'search', signedIn: true, hub: 'header',
    summary: 'Search the ready items of every space I can read (or one space), best match first',
    query: searchQuery, response: listEnvelope(searchResultSchema), errors: [400, 401, 404],
  }),
};
