import { z } from 'zod';
import { contentKinds, contentStatuses } from './contents';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

/** How many recently changed items the hub home shows. */
export const HOME_RECENT_LIMIT = 10;

const named = z.object({ id: z.string(), name: z.string() });

/** An item lately changed in a space the caller may read; opened at `/spaces/<space.id>?content=<id>`. */
export const recentContentSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(contentKinds),
  status: z.enum(contentStatuses),
  space: named,
  updated_at: z.string(),
});
export type RecentContent = z.infer<typeof recentContentSchema>;

/** A meeting going on now that the caller may join, with who is in it. */
export const liveMeetingSchema = z.object({
  code: z.string(),
  space: named.nullable(),
  started_by: named.nullable(),
  started_at: z.string(),
  participant_count: z.number().int(),
  participants: z.array(named),
});
export type LiveMeeting = z.infer<typeof liveMeetingSchema>;

export const homeSchema = z.object({
  /** The HOME_RECENT_LIMIT items changed last in the live spaces the caller may read, newest change first. */
  recent_contents: z.array(recentContentSchema),
  /** Meetings with someone in them now, newest first. */
  live_meetings: z.array(liveMeetingSchema),
  /** How many live spaces the caller may see: none means the hub home offers to create the first. */
  space_count: z.number().int(),
});
export type Home = z.infer<typeof homeSchema>;

export const homeEndpoint = endpoint({
  method: 'GET', path: 'home/', tag: 'home', signedIn: true, hub: 'header',
  summary: 'The hub home: items changed lately in my spaces, meetings going on now, and how many spaces I see',
  response: dataEnvelope(homeSchema), errors: [401, 404],
});

export const homeEndpoints = { home: homeEndpoint };
