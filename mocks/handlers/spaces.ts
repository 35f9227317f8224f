import type { HttpHandler } from 'msw';
import type { Role } from '@/lib/contract/settings';
import { spaceAbilities } from '@/lib/policies/abilities';
import {
  addSpaceMemberBody, createSpaceBody, spaceEndpoints, spaceListQuery, spaceMemberListQuery, updateSpaceBody, updateSpaceMemberBody,
  type Space, type SpaceMember,
} from '@/lib/contract/spaces';
import type { MockDb, MockOrganization, MockSpace, MockUser } from '../state';
import { answer, authenticate, can, fail, ok, paged, parse, parseBody, requireHub } from './respond';

const rank: Record<Role, number> = { viewer: 1, editor: 2, owner: 3 };
const higher = (a: Role, b: Role | null): Role => (b && rank[b] > rank[a] ? b : a);

const NOT_FOUND = 'That space was not found.';

interface Caller {
  user: MockUser;
  organization: MockOrganization;
  hubRole: Role;
}

/** Who sees which space and with what role (design §5), shared by the spaces and space invitation handlers. */
export function spaceAccess(db: MockDb) {
  const spaceRoleOf = (space: MockSpace, userId: string) =>
    db.data.spaceMemberships.find((m) => m.spaceId === space.id && m.userId === userId)?.role ?? null;

  /** Everyone sees public spaces; shared ones only their members; private ones their creator and the hub owner. */
  const visible = (space: MockSpace, caller: Caller) => {
    if (space.visibility === 'public') return true;
    if (space.visibility === 'private') return space.createdBy === caller.user.id || caller.hubRole === 'owner';
    return spaceRoleOf(space, caller.user.id) !== null;
  };

  type Resolved = { ok: true; caller: Caller } | { ok: false; response: Response };
  const callerOf = (request: Request): Resolved => {
    const auth = authenticate(db, request);
    if (!auth.ok) return auth;
    const hub = requireHub(db, request, auth.user);
    if (!hub.ok) return hub;
    return { ok: true, caller: { user: auth.user, organization: hub.organization, hubRole: hub.role } };
  };

  type Found = { ok: true; caller: Caller; space: MockSpace; role: Role } | { ok: false; response: Response };
  /** The space in the caller's hub that the caller may see; anything else answers 404. */
  const spaceFor = (request: Request, id: unknown): Found => {
    const resolved = callerOf(request);
    if (!resolved.ok) return resolved;
    const { caller } = resolved;
    const space = db.data.spaces.find((s) => s.id === String(id) && s.organizationId === caller.organization.id);
    if (!space || !visible(space, caller)) return { ok: false, response: fail(404, 'not_found', NOT_FOUND) };
    return { ok: true, caller, space, role: higher(caller.hubRole, spaceRoleOf(space, caller.user.id)) };
  };

  return { spaceRoleOf, visible, callerOf, spaceFor };
}

/** Spaces, their members and their visibility (design §5), as the API answers them. */
export function spaceHandlers(db: MockDb): HttpHandler[] {
  const { spaceRoleOf, visible, callerOf, spaceFor } = spaceAccess(db);

  const view = (space: MockSpace, caller: Caller): Space => {
    const spaceRole = spaceRoleOf(space, caller.user.id);
    const creator = space.createdBy ? db.userById(space.createdBy) : undefined;
    const role = higher(caller.hubRole, spaceRole);
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
      abilities: spaceAbilities({ role, isMember: spaceRole !== null, archived: space.archivedAt !== null, visibility: space.visibility }),
    };
  };

  const memberView = (spaceId: string, userId: string): SpaceMember | null => {
    const membership = db.data.spaceMemberships.find((m) => m.spaceId === spaceId && m.userId === userId);
    const user = db.userById(userId);
    return membership && user
      ? { user_id: user.id, name: user.name, email: user.email, role: membership.role, joined_at: membership.createdAt }
      : null;
  };

  const forbidden = (message: string) => fail(403, 'forbidden', message);
  const ownersOf = (spaceId: string) =>
    db.data.spaceMemberships.filter((m) => m.spaceId === spaceId && m.role === 'owner').length;

  return [
    answer(spaceEndpoints.list, ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const { caller } = resolved;
      const query = parse(spaceListQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const { search, visibility, mine, archived } = query.data;
      const needle = search?.toLowerCase();
      const items = db.data.spaces
        .filter((s) => s.organizationId === caller.organization.id && visible(s, caller))
        .filter((s) => (archived === 'true' ? s.archivedAt !== null : s.archivedAt === null))
        .filter((s) => !visibility || s.visibility === visibility)
        .filter((s) => mine !== 'true' || spaceRoleOf(s, caller.user.id) !== null)
        .filter((s) => !needle || `${s.name}\n${s.description ?? ''}`.toLowerCase().includes(needle))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
        .map((s) => view(s, caller));
      return paged(items, query.data);
    }),

    answer(spaceEndpoints.create, async ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const { caller } = resolved;
      const body = await parseBody(request, createSpaceBody);
      if (!body.ok) return body.response;
      const { limits, usage } = db.subscriptionOf(caller.organization);
      if (usage.spaces >= limits.spaces) {
        return fail(422, 'plan_limit', `Your plan allows ${limits.spaces} spaces. Archive a space or upgrade the plan to add more.`);
      }
      const createdAt = db.now();
      const space: MockSpace = {
        id: db.newId(),
        organizationId: caller.organization.id,
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
      return ok(view(space, caller), { status: 201, message: `${space.name} is ready.` });
    }),

    answer(spaceEndpoints.get, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      return found.ok ? ok(view(found.space, found.caller)) : found.response;
    }),

    answer(spaceEndpoints.update, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller, role } = found;
      const body = await parseBody(request, updateSpaceBody);
      if (!body.ok) return body.response;
      const { name, description, visibility } = body.data;
      if ((name !== undefined || description !== undefined) && !can(role, 'edit_content')) {
        return forbidden('Only editors and owners can edit this space.');
      }
      if (visibility !== undefined && visibility !== space.visibility) {
        if (!can(role, 'change_visibility')) return forbidden('Only editors and owners can change who sees this space.');
        if (visibility === 'private' && space.createdBy !== caller.user.id) {
          return fail(403, 'forbidden', 'Only the creator of a space can make it private.', {
            visibility: ['Only the creator of a space can make it private.'],
          });
        }
      }
      if (name !== undefined) space.name = name;
      if (description !== undefined) space.description = description ?? null;
      if (visibility !== undefined) space.visibility = visibility;
      space.updatedAt = db.now();
      return ok(view(space, caller), { message: 'Space updated.' });
    }),

    ...(['archive', 'restore'] as const).map((action) =>
      answer(spaceEndpoints[action], ({ request, params }) => {
        const found = spaceFor(request, params.id);
        if (!found.ok) return found.response;
        const { space, caller, role } = found;
        if (!can(role, 'archive')) return forbidden(`Only owners can ${action} a space.`);
        if (action === 'restore' && !space.archivedAt) return fail(409, 'conflict', 'That space is not archived.');
        if (action === 'archive' && space.archivedAt) return fail(409, 'conflict', 'That space is already archived.');
        if (action === 'restore') {
          const { limits, usage } = db.subscriptionOf(caller.organization);
          if (usage.spaces >= limits.spaces) {
            return fail(422, 'plan_limit', `Your plan allows ${limits.spaces} spaces. Archive another space first.`);
          }
        }
        space.archivedAt = action === 'archive' ? db.now() : null;
        space.updatedAt = db.now();
        return ok(view(space, caller));
      }),
    ),

    answer(spaceEndpoints.join, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller } = found;
      if (spaceRoleOf(space, caller.user.id)) return fail(409, 'already_member', 'You are already a member of this space.');
      if (space.visibility !== 'public' || space.archivedAt) return forbidden('Only spaces open to everyone can be joined.');
      db.data.spaceMemberships.push({ spaceId: space.id, userId: caller.user.id, role: 'viewer', createdAt: db.now() });
      return ok(view(space, caller), { status: 201, message: `You joined ${space.name}.` });
    }),

    answer(spaceEndpoints.leave, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller } = found;
      const membership = db.data.spaceMemberships.find((m) => m.spaceId === space.id && m.userId === caller.user.id);
      if (!membership) return fail(409, 'conflict', 'You are not a member of this space.');
      if (membership.role === 'owner' && ownersOf(space.id) === 1) {
        return fail(422, 'last_owner', 'You are the only owner of this space. Make another member an owner before you leave.');
      }
      db.data.spaceMemberships.splice(db.data.spaceMemberships.indexOf(membership), 1);
      return ok(null, { message: `You left ${space.name}.` });
    }),

    answer(spaceEndpoints.members, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const query = parse(spaceMemberListQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const needle = query.data.search?.toLowerCase();
      const members = db.data.spaceMemberships
        .filter((m) => m.spaceId === found.space.id)
        .flatMap((m) => memberView(m.spaceId, m.userId) ?? [])
        .filter((m) => !needle || `${m.name}\n${m.email}`.toLowerCase().includes(needle))
        .sort((a, b) => a.name.localeCompare(b.name));
      return paged(members, query.data);
    }),

    answer(spaceEndpoints.addMember, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller, role } = found;
      if (!can(role, 'invite')) return forbidden('Only editors and owners can add people to this space.');
      const body = await parseBody(request, addSpaceMemberBody);
      if (!body.ok) return body.response;
      if (!db.membership(body.data.user_id, caller.organization.id)) {
        return fail(404, 'not_found', 'That person is not a member of this hub.', { user_id: ['That person is not a member of this hub.'] });
      }
      if (spaceRoleOf(space, body.data.user_id)) {
        return fail(409, 'already_member', 'That person is already in this space.', { user_id: ['That person is already in this space.'] });
      }
      db.data.spaceMemberships.push({ spaceId: space.id, userId: body.data.user_id, role: body.data.role, createdAt: db.now() });
      return ok(memberView(space.id, body.data.user_id), { status: 201 });
    }),

    answer(spaceEndpoints.updateMember, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, role } = found;
      if (!can(role, 'manage_roles')) return forbidden('Only owners can change roles.');
      const body = await parseBody(request, updateSpaceMemberBody);
      if (!body.ok) return body.response;
      const membership = db.data.spaceMemberships.find((m) => m.spaceId === space.id && m.userId === String(params.user_id));
      if (!membership) return fail(404, 'not_found', 'That member was not found.');
      if (membership.role === 'owner' && body.data.role !== 'owner' && ownersOf(space.id) === 1) {
        return fail(422, 'last_owner', 'A space needs at least one owner.');
      }
      membership.role = body.data.role;
      return ok(memberView(space.id, membership.userId));
    }),

    answer(spaceEndpoints.removeMember, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, role } = found;
      if (!can(role, 'manage_roles')) return forbidden('Only owners can remove people from this space.');
      const membership = db.data.spaceMemberships.find((m) => m.spaceId === space.id && m.userId === String(params.user_id));
      if (!membership) return fail(404, 'not_found', 'That member was not found.');
      if (membership.role === 'owner' && ownersOf(space.id) === 1) {
        return fail(422, 'last_owner', 'A space needs at least one owner.');
      }
      db.data.spaceMemberships.splice(db.data.spaceMemberships.indexOf(membership), 1);
      return ok(null, { message: 'Member removed.' });
    }),
  ];
}
