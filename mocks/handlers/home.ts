import type { HttpHandler } from 'msw';
import { HOME_RECENT_LIMIT, homeEndpoint, type Home } from '@/lib/contract/home';
import type { MockDb } from '../state';
import { advance } from './contents';
import { answer, ok } from './respond';
import { spaceAccess } from './spaces';

/**
 * The hub home over the mock's data: the items changed last in the hub's
 * live spaces (who may see which is the API's rule). The mock's meetings
 * hold one person alone, so none is ever going on for anyone else.
 */
export function homeHandlers(db: MockDb): HttpHandler[] {
  const { callerOf } = spaceAccess(db);
  return [
    answer(homeEndpoint, ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const spaces = new Map(
        db.data.spaces.filter((s) => s.hubId === resolved.caller.organization.id && !s.archivedAt).map((s) => [s.id, s]),
      );
      const inSpaces = db.data.contents.filter((c) => spaces.has(c.spaceId));
      for (const c of inSpaces) advance(c);
      const recent = inSpaces
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id))
        .slice(0, HOME_RECENT_LIMIT);
      const home: Home = {
        recent_contents: recent.map((c) => {
          const space = spaces.get(c.spaceId)!;
          return { id: c.id, name: c.name, kind: c.kind, status: c.status, space: { id: space.id, name: space.name }, updated_at: c.updatedAt };
        }),
        live_meetings: [],
        space_count: spaces.size,
      };
      return ok(home);
    }),
  ];
}
