import { z } from 'zod';
import { searchField } from '../validation/fields';
import { contentKinds, contentViewSchema } from './contents';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';
import { passageRefSchema } from './passages';
import { roles } from './settings';
import { SEARCH_QUERY_MAX } from './search-limits';

export { SEARCH_QUERY_MAX };

/** A day as the date filters take it: YYYY-MM-DD, a real date. */
const day = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }).optional();

/**
 * GET search/?q&kind&space_id&author_id&from&to&page&page_size — full-text
 * search over every space the caller may read in the active hub (or one
 * space with space_id), narrowed to one kind, one author (who added the
 * item) and a range of days the item was last changed on (inclusive, UTC).
 */
export const searchQuery = pageQuery.extend({
  q: searchField(SEARCH_QUERY_MAX, 'Search').refine((v) => v !== undefined, 'Please enter what to search for'),
  kind: z.enum(contentKinds).optional(),
  space_id: z.string().optional(),
  author_id: z.string().optional(),
  from: day('From'),
  to: day('To'),
}).refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'To must not be before From' });
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
  /** The passage the snippet comes from, to open the item at; null when the match is only in its name. */
  passage: passageRefSchema.nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * A page of results. Counting every match of a word most items hold would
 * cost more than the search, so `count` is exact up to a cap (1,000); past
 * it, it is the cap and `count_is_capped` is true (show "1,000+"). Pages go
 * on past the cap.
 */
export const searchPageSchema = listEnvelope(searchResultSchema).extend({ count_is_capped: z.boolean() });
export type SearchPage = z.infer<typeof searchPageSchema>;

/** GET search/spaces-and-people/?q — the spaces and people whose names start a word with what is typed. */
export const spacesAndPeopleQuery = z.object({
  q: searchField(SEARCH_QUERY_MAX, 'Search').refine((v) => v !== undefined, 'Please enter what to search for'),
});

/** At most this many of each. */
export const SPACES_AND_PEOPLE_MAX = 5;

export const spaceMatchSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable() });
export type SpaceMatch = z.infer<typeof spaceMatchSchema>;

export const personMatchSchema = z.object({ user_id: z.string(), name: z.string(), email: z.string(), role: z.enum(roles) });
export type PersonMatch = z.infer<typeof personMatchSchema>;

/**
 * Spaces the caller may read (live ones, by a word of the name or the
 * description) and members of the hub (by a word of the name or the start
 * of the email), best first, SPACES_AND_PEOPLE_MAX of each.
 */
export const spacesAndPeopleSchema = z.object({ spaces: z.array(spaceMatchSchema), people: z.array(personMatchSchema) });
export type SpacesAndPeople = z.infer<typeof spacesAndPeopleSchema>;

export const searchEndpoints = {
  search: endpoint({
    method: 'GET', path: 'search/', tag: 'search', signedIn: true, hub: 'header',
    summary: 'Search the ready items of every space I can read (or one space), best match first',
    query: searchQuery, response: searchPageSchema, errors: [400, 401, 404],
  }),
  spacesAndPeople: endpoint({
    method: 'GET', path: 'search/spaces-and-people/', tag: 'search', signedIn: true, hub: 'header',
    summary: 'The spaces I can read and the members of the hub whose names start a word with what is typed (a few of each)',
    query: spacesAndPeopleQuery, response: dataEnvelope(spacesAndPeopleSchema), errors: [400, 401, 404],
  }),
};
