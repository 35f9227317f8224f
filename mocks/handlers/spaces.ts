import type { HttpHandler } from 'msw';
import type { Role } from '@/lib/contract/settings';
import { leavesNoOwner, memberAbilities, spaceAbilities } from '@/lib/policies/abilities';
import { effectiveSpaceRole } from '@/lib/policies/space-role';
import {
  addSpaceMemberBody, createSpaceBody, spaceEndpoints, spaceListQuery, spaceMemberListQuery, updateSpaceBody, updateSpaceMemberBody,
  type Space, type SpaceMember,
} from '@/lib/contract/spaces';
import { mockAvatarOf, type MockDb, type MockHub, type MockSpace, type MockUser } from '../state';
import { answer, authenticate, notFound, ok, paged, parse, parseBody, requireHub } from './respond';

interface Caller {
  user: MockUser;
  organization: MockHub;
  hubRole: Role;
}

/**
 * The caller and the space they name, shared by the spaces, content and space
 * invitation handlers. Every space of the caller's hub answers: who may see
 * which space is the API's rule (server/policies/spaces.ts), tested against it.
 */
export function spaceAccess(db: MockDb) {
  const spaceRoleOf = (space: MockSpace, userId: string) =>
    db.data.spaceMemberships.find((m) => m.spaceId === space.id && m.userId === userId)?.role ?? null;

  type Resolved = { ok: true; caller: Caller } | { ok: false; response: Response };
  const callerOf = (request: Request): Resolved => {
    const auth = authenticate(db, request);
    if (!auth.ok) return auth;
    const hub = requireHub(db, request, auth.user);
    if (!hub.ok) return hub;
    return { ok: true, caller: { user: auth.user, organization: hub.organization, hubRole: hub.role } };
  };

  type Found = { ok: true; caller: Caller; space: MockSpace; role: Role } | { ok: false; response: Response };
  const spaceFor = (request: Request, id: unknown): Found => {
    const resolved = callerOf(request);
    if (!resolved.ok) return resolved;
    const { caller } = resolved;
    const space = db.data.spaces.find((s) => s.id === String(id) && s.hubId === caller.organization.id);
    if (!space) return { ok: false, response: notFound(SPACE) };
    const role = effectiveSpaceRole(space, spaceRoleOf(space, caller.user.id), { userId: caller.user.id, hubRole: caller.hubRole });
    return { ok: true, caller, space, role };
  };

  /** The caller's effective role and abilities in `space`, from the shared rules in lib/policies. */
  const standingIn = (space: MockSpace, caller: Caller) => {
    const spaceRole = spaceRoleOf(space, caller.user.id);
    const role = effectiveSpaceRole(space, spaceRole, { userId: caller.user.id, hubRole: caller.hubRole });
    const abilities = spaceAbilities({
      role, isMember: spaceRole !== null, archived: space.archivedAt !== null, visibility: space.visibility,
      isCreator: space.createdBy === caller.user.id,
    });
    return { spaceRole, role, abilities };
  };

  return { spaceRoleOf, callerOf, spaceFor, standingIn };
}

const SPACE = 'That space';

/** Sorts later times first as text: each digit replaced by 9 minus it; never opened sorts last. */
const invert = (time: string | null) => (time ? time.replace(/\d/g, (d) => String(9 - Number(d))) : '~');

/** Spaces and their members over plain data; the caller's abilities come from the shared lib/policies. */
export function spaceHandlers(db: MockDb): HttpHandler[] {
  const { spaceRoleOf, callerOf, spaceFor, standingIn } = spaceAccess(db);

  const view = (space: MockSpace, caller: Caller): Space => {
    const { spaceRole, role, abilities } = standingIn(space, caller);
    const creator = space.createdBy ? db.userById(space.createdBy) : undefined;
    return {
      id: space.id,
      name: space.name,
      description: space.description,
      visibility: space.visibility,
      created_by: creator ? { id: creator.id, name: creator.name } : null,
      member_count: db.data.spaceMemberships.filter((m) => m.spaceId === space.id).length,
      my_role: role,
      space_role: spaceRole,
      is_member: spaceRole !== null,
      archived_at: space.archivedAt,
      created_at: space.createdAt,
      updated_at: space.updatedAt,
      starred: Boolean(space.marks?.[caller.user.id]?.starredAt),
      visited_at: space.marks?.[caller.user.id]?.visitedAt ?? null,
      abilities,
    };
  };

  /** Sets the caller's own marks on the space. */
  const mark = (space: MockSpace, userId: string, change: { starredAt?: string | null; visitedAt?: string }) => {
    space.marks = { ...space.marks, [userId]: { starredAt: null, visitedAt: null, ...space.marks?.[userId], ...change } };
  };

  /** A member of the space, with what the caller may do to them (shared rules in lib/policies). */
  const memberView = (space: MockSpace, userId: string, caller: Caller): SpaceMember | null => {
    const membership = db.data.spaceMemberships.find((m) => m.spaceId === space.id && m.userId === userId);
    const user = db.userById(userId);
    if (!membership || !user) return null;
    const ownerCount = db.data.spaceMemberships.filter((m) => m.spaceId === space.id && m.role === 'owner').length;
    const abilities = memberAbilities({ manage: standingIn(space, caller).abilities.manage_members, ownerCount, role: membership.role });
    return {
      user_id: user.id, name: user.name, email: user.email, ...mockAvatarOf(user), role: membership.role, joined_at: membership.createdAt,
      only_owner: leavesNoOwner(membership.role, ownerCount), abilities,
    };
  };

  /** The caller's own row in the space, if any. */
  const membershipOf = (space: MockSpace, userId: string) =>
    db.data.spaceMemberships.find((m) => m.spaceId === space.id && m.userId === userId);

  return [
    answer(spaceEndpoints.list, ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const { caller } = resolved;
      const query = parse(spaceListQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const { search, visibility, mine, archived, order } = query.data;
      const needle = search?.toLowerCase();
      // The API's side bar order: starred by name, then opened (last first), then the rest by name.
      const marksRank = (space: Space) => [space.starred ? 0 : 1, space.starred ? '' : invert(space.visited_at), space.name.toLowerCase()].join('\n');
      const items = db.data.spaces
        .filter((s) => s.hubId === caller.organization.id)
        .filter((s) => (archived === 'true' ? s.archivedAt !== null : s.archivedAt === null))
        .filter((s) => !visibility || s.visibility === visibility)
        .filter((s) => mine !== 'true' || spaceRoleOf(s, caller.user.id) !== null)
        .filter((s) => !needle || s.name.toLowerCase().includes(needle))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
        .map((s) => view(s, caller));
      if (order === 'marks') items.sort((a, b) => marksRank(a).localeCompare(marksRank(b)));
      return paged(items, query.data);
    }),

    answer(spaceEndpoints.create, async ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const { caller } = resolved;
      const body = await parseBody(request, createSpaceBody);
      if (!body.ok) return body.response;
      const createdAt = db.now();
      const space: MockSpace = {
        id: db.newId(),
        hubId: caller.organization.id,
        name: body.data.name,
        description: body.data.description ?? null,
        visibility: body.data.visibility,
        createdBy: caller.user.id,
        archivedAt: null,
        createdAt,
        updatedAt: createdAt,
      };
      db.data.spaces.push(space);
      db.data.spaceMemberships.push({ spaceId: space.id, userId: caller.user.id, role: 'owner', createdAt });
      return ok(view(space, caller), { status: 201 });
    }),

    answer(spaceEndpoints.get, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const seen = view(found.space, found.caller);
      mark(found.space, found.caller.user.id, { visitedAt: db.now() });
      return ok(seen);
    }),

    ...([['star', true], ['unstar', false]] as const).map(([action, starred]) =>
      answer(spaceEndpoints[action], ({ request, params }) => {
        const found = spaceFor(request, params.id);
        if (!found.ok) return found.response;
        mark(found.space, found.caller.user.id, { starredAt: starred ? db.now() : null });
        return ok(view(found.space, found.caller));
      }),
    ),

    answer(spaceEndpoints.update, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller } = found;
      const body = await parseBody(request, updateSpaceBody);
      if (!body.ok) return body.response;
      const { name, description, visibility } = body.data;
      if (name !== undefined) space.name = name;
      if (description !== undefined) space.description = description ?? null;
      if (visibility !== undefined) space.visibility = visibility;
      space.updatedAt = db.now();
      return ok(view(space, caller));
    }),

    ...(['archive', 'restore'] as const).map((action) =>
      answer(spaceEndpoints[action], ({ request, params }) => {
        const found = spaceFor(request, params.id);
        if (!found.ok) return found.response;
        const { space, caller } = found;
        space.archivedAt = action === 'archive' ? db.now() : null;
        space.updatedAt = db.now();
        return ok(view(space, caller));
      }),
    ),

    answer(spaceEndpoints.join, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller } = found;
      if (!membershipOf(space, caller.user.id)) {
        db.data.spaceMemberships.push({ spaceId: space.id, userId: caller.user.id, role: 'viewer', createdAt: db.now() });
      }
      return ok(view(space, caller), { status: 201 });
    }),

    answer(spaceEndpoints.leave, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller } = found;
      db.data.spaceMemberships = db.data.spaceMemberships.filter((m) => !(m.spaceId === space.id && m.userId === caller.user.id));
      return ok(null);
    }),

    answer(spaceEndpoints.members, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const query = parse(spaceMemberListQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const needle = query.data.search?.toLowerCase();
      const members = db.data.spaceMemberships
        .filter((m) => m.spaceId === found.space.id)
        .flatMap((m) => memberView(found.space, m.userId, found.caller) ?? [])
        .filter((m) => !needle || `${m.name}\n${m.email}`.toLowerCase().includes(needle))
        .sort((a, b) => a.name.localeCompare(b.name));
      return paged(members, query.data);
    }),

    answer(spaceEndpoints.memberCandidates, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const query = parse(spaceMemberListQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const needle = query.data.search?.toLowerCase();
      const candidates = db.data.memberships
        .filter((m) => m.hubId === found.caller.organization.id && m.userId !== found.caller.user.id && !membershipOf(found.space, m.userId))
        .flatMap((m) => db.userById(m.userId) ?? [])
        .map((u) => ({ user_id: u.id, name: u.name, email: u.email }))
        .filter((c) => !needle || `${c.name}\n${c.email}`.toLowerCase().includes(needle))
        .sort((a, b) => a.name.localeCompare(b.name));
      return paged(candidates, query.data);
    }),

    answer(spaceEndpoints.addMember, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space } = found;
      const body = await parseBody(request, addSpaceMemberBody);
      if (!body.ok) return body.response;
      const { user_id: userId, role } = body.data;
      if (!db.userById(userId)) return notFound('That member of the hub');
      const existing = membershipOf(space, userId);
      if (existing) existing.role = role;
      else db.data.spaceMemberships.push({ spaceId: space.id, userId, role, createdAt: db.now() });
      return ok(memberView(space, userId, found.caller), { status: 201 });
    }),

    answer(spaceEndpoints.updateMember, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const body = await parseBody(request, updateSpaceMemberBody);
      if (!body.ok) return body.response;
      const membership = membershipOf(found.space, String(params.user_id));
      if (!membership) return notFound('That member of the space');
      membership.role = body.data.role;
      return ok(memberView(found.space, membership.userId, found.caller));
    }),

    answer(spaceEndpoints.removeMember, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const membership = membershipOf(found.space, String(params.user_id));
      if (!membership) return notFound('That member of the space');
      db.data.spaceMemberships.splice(db.data.spaceMemberships.indexOf(membership), 1);
      return ok(null);
    }),
  ];
}
