import type { HttpHandler } from 'msw';
import { memberEndpoints, membersQuery, updateMemberBody, type Member } from '@/lib/contract/members';
import { hubEndpoints } from '@/lib/contract/hub-endpoints';
import {
  archiveHubBody, transferHubBody, updateHubBody,
} from '@/lib/contract/hubs';
import type { Role } from '@/lib/contract/settings';
import { hubAbilities, leavesNoOwner, memberAbilities, type MemberCaller } from '@/lib/policies/abilities';
import { mockAvatarOf, type MockDb, type MockMembership, type MockHub, type MockUser } from '../state';
import { hasMockTwoFactor } from '../two-factor-state';
import { answer, authenticate, notFound, ok, paged, parse, parseBody, requireHub } from './respond';

export type PathHub =
  | { ok: true; user: MockUser; organization: MockHub; role: Role }
  | { ok: false; response: Response };

/**
 * Hub administration routes name the hub in the path; it must be the
 * caller's Org-Handle (or active) hub, else 404 like a hub that does not exist.
 */
export function pathHub(db: MockDb, request: Request, handle: unknown): PathHub {
  const auth = authenticate(db, request);
  if (!auth.ok) return auth;
  const hub = requireHub(db, request, auth.user);
  if (!hub.ok) return hub;
  if (String(handle).toLowerCase() !== hub.organization.domainHandle) {
    return { ok: false, response: notFound('That hub') };
  }
  return { ok: true, user: auth.user, organization: hub.organization, role: hub.role };
}

/**
 * Hub settings, archive, transfer, the join-link preview, and members (list,
 * role, remove, leave) over plain data. Who may do which, and which email
 * domain a hub may open itself to, are the API's rules; the app offers each
 * action from the shared abilities (lib/policies).
 */
export function hubAdminHandlers(db: MockDb): HttpHandler[] {
  const membershipsOf = (hubId: string) => db.data.memberships.filter((m) => m.hubId === hubId);

  /** The caller's standing for member abilities: whether they manage the hub's members, and its owner count. */
  const memberCaller = (hub: Extract<PathHub, { ok: true }>): MemberCaller => ({
    manage: hubAbilities(hub.role).manage_members,
    ownerCount: membershipsOf(hub.organization.id).filter((m) => m.role === 'owner').length,
  });

  /** `showTwoFactor`: the caller owns the hub, so may see who has two-factor sign-in. */
  const memberView = (membership: MockMembership, caller: MemberCaller, showTwoFactor = true): Member | null => {
    const user = db.userById(membership.userId);
    return user
      ? {
          user_id: user.id,
          name: user.name,
          email: user.email,
          ...mockAvatarOf(user),
          role: membership.role,
          profile_role: user.profileRole,
          joined_at: membership.createdAt,
          two_factor: showTwoFactor ? hasMockTwoFactor(db, user.id) : null,
          only_owner: leavesNoOwner(membership.role, caller.ownerCount),
          abilities: memberAbilities({ ...caller, role: membership.role }),
        }
      : null;
  };

  const leaveHub = (user: MockUser, hub: MockHub, membership: MockMembership) => {
    db.data.memberships.splice(db.data.memberships.indexOf(membership), 1);
    const spaces = new Set(db.data.spaces.filter((s) => s.hubId === hub.id).map((s) => s.id));
    db.data.spaceMemberships = db.data.spaceMemberships.filter((m) => !(m.userId === user.id && spaces.has(m.spaceId)));
    if (user.activeHubId === hub.id) user.activeHubId = db.hubsOf(user.id)[0]?.id ?? null;
  };

  return [
    answer(hubEndpoints.update, async ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, updateHubBody);
      if (!body.ok) return body.response;
      const { visibility, ...other } = body.data;
      const { organization } = hub;
      if (other.name !== undefined) organization.name = other.name;
      if (other.description !== undefined) organization.description = other.description;
      if (other.email_domain !== undefined) organization.emailDomain = other.email_domain;
      if (other.colour !== undefined) organization.colour = other.colour;
      if (visibility !== undefined) organization.visibility = visibility;
      return ok(db.myHub(organization, hub.role));
    }),

    answer(hubEndpoints.archive, async ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, archiveHubBody);
      if (!body.ok) return body.response;
      hub.organization.archivedAt = db.now();
      for (const user of db.data.users) {
        if (user.activeHubId === hub.organization.id) user.activeHubId = null;
      }
      return ok(db.userView(hub.user));
    }),

    answer(hubEndpoints.transfer, async ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, transferHubBody);
      if (!body.ok) return body.response;
      const target = db.membership(body.data.user_id, hub.organization.id);
      const mine = db.membership(hub.user.id, hub.organization.id);
      if (!target || !mine) return notFound('That member');
      target.role = 'owner';
      mine.role = 'editor';
      return ok(db.myHub(hub.organization, 'editor'));
    }),

    answer(hubEndpoints.preview, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = db.hubByHandle(String(params.handle));
      if (!hub) return notFound('That hub');
      return ok({ ...db.summary(hub), is_member: Boolean(db.membership(auth.user.id, hub.id)) });
    }),

    answer(memberEndpoints.list, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const query = parse(membersQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const needle = query.data.search?.toLowerCase();
      const members = membershipsOf(hub.organization.id)
        .flatMap((m) => memberView(m, memberCaller(hub), hub.role === 'owner') ?? [])
        .filter((m) => !needle || `${m.name}\n${m.email}`.toLowerCase().includes(needle))
        .sort((a, b) => a.name.localeCompare(b.name) || a.user_id.localeCompare(b.user_id));
      return paged(members, query.data);
    }),

    answer(memberEndpoints.updateRole, async ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, updateMemberBody);
      if (!body.ok) return body.response;
      const membership = db.membership(String(params.user_id), hub.organization.id);
      if (!membership) return notFound('That member');
      membership.role = body.data.role;
      return ok(memberView(membership, memberCaller(hub)));
    }),

    answer(memberEndpoints.remove, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const membership = db.membership(String(params.user_id), hub.organization.id);
      const user = db.userById(String(params.user_id));
      if (!membership || !user) return notFound('That member');
      leaveHub(user, hub.organization, membership);
      return ok(null);
    }),

    answer(memberEndpoints.leave, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const membership = db.membership(hub.user.id, hub.organization.id);
      if (!membership) return notFound('That hub');
      leaveHub(hub.user, hub.organization, membership);
      return ok(db.userView(hub.user));
    }),
  ];
}
