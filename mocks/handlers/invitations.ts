import type { HttpHandler } from 'msw';
import { errorMessages } from '@/lib/contract/error-messages';
import {
  createInvitationsBody, invitationEndpoints, INVITATION_TTL_DAYS, invitationsQuery, spaceInvitationEndpoints,
  type Invitation, type InviteResult,
} from '@/lib/contract/invitations';
import type { Role } from '@/lib/contract/settings';
import { invitationJoinPath } from '@/lib/contract/hubs';
import { invitationAbilities, spaceTakesMembers, type InvitationCaller } from '@/lib/policies/abilities';
import { invitedEmailFor } from '@/lib/policies/invitation-email';
import type { MockDb, MockInvitation, MockHub, MockSpace } from '../state';
import { pathHub } from './hub-admin';
import { answer, authenticate, fail, notFound, ok, paged, parse, parseBody } from './respond';
import { spaceAccess } from './spaces';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const invalidLink = () => fail(404, 'not_found', errorMessages.invalidInvitationLink);

/**
 * Hub and space invitations (create, list, resend, cancel) and the emailed
 * link's preview and accept, over plain data. Who may invite whom, plan
 * limits, the resend limit and who may accept are the API's rules, tested
 * against it (server/routes/invitations, server/routes/spaces).
 */
export function invitationHandlers(db: MockDb): HttpHandler[] {
  const hubInvitations = (hubId: string) =>
    db.data.invitations.map((i) => db.invitationMeta(i)).filter((i) => i.hubId === hubId && !i.spaceId);
  const spaceInvitations = (spaceId: string) =>
    db.data.invitations.map((i) => db.invitationMeta(i)).filter((i) => i.spaceId === spaceId);
  const { spaceFor } = spaceAccess(db);

  /** What a hub's owner or editor, or a space's, may do with its invitations (shared rules in lib/policies). */
  const hubCaller = (role: Role): InvitationCaller => ({ callerRole: role, open: true });
  const spaceCaller = ({ space, role }: { space: MockSpace; role: Role }): InvitationCaller => ({
    callerRole: role,
    open: spaceTakesMembers({ archived: space.archivedAt !== null, visibility: space.visibility }),
  });

  const view = (invitation: MockInvitation, caller: InvitationCaller): Invitation => {
    const meta = db.invitationMeta(invitation);
    return {
      id: meta.id,
      email: meta.email,
      role: meta.role,
      invited_by: meta.invitedBy ? (db.userById(meta.invitedBy)?.name ?? null) : null,
      created_at: meta.createdAt,
      expires_at: meta.expiresAt,
      last_sent_at: meta.sends.at(-1) ?? meta.createdAt,
      abilities: invitationAbilities({ ...caller, role: meta.role }),
    };
  };

  /** A new link and expiry, as each (re)send gives; the mock "email" is the console. */
  const send = (invitation: MockInvitation, hub: MockHub | MockSpace) => {
    const meta = db.invitationMeta(invitation);
    const at = db.now();
    meta.token = `invite-${db.newId()}`;
    meta.expiresAt = new Date(Date.parse(at) + TTL_MS).toISOString();
    meta.sends.push(at);
    console.info(`[mock API] invitation to ${hub.name} for ${meta.email}: ${invitationJoinPath(meta.token)}`);
  };

  /** The pending invitation behind a link, or nothing for an unknown one. */
  const byToken = (token: string) => {
    const invitation = db.data.invitations.map((i) => db.invitationMeta(i)).find((i) => i.token === token);
    const hub = invitation && db.data.organizations.find((o) => o.id === invitation.hubId && !o.archivedAt);
    if (!invitation || !hub) return null;
    const space = invitation.spaceId ? db.data.spaces.find((x) => x.id === invitation.spaceId) : undefined;
    return { invitation, organization: hub, space };
  };

  /** Invites each address once: members are skipped, a pending invitation gets a new link instead of a second one. */
  const inviteAll = (opts: {
    emails: string[];
    role: Role;
    hubId: string;
    spaceId: string | null;
    inviterId: string;
    place: MockHub | MockSpace;
    pending: Required<MockInvitation>[];
    isMember: (email: string) => boolean;
    caller: InvitationCaller;
  }): InviteResult[] =>
    opts.emails.map((email) => {
      if (opts.isMember(email)) return { email, outcome: 'already_member', invitation: null };
      const existing = opts.pending.find((i) => i.email === email);
      const invitation: MockInvitation = existing ?? {
        hubId: opts.hubId, spaceId: opts.spaceId, email, role: opts.role, invitedBy: opts.inviterId,
        createdAt: db.now(), sends: [],
      };
      if (!existing) db.data.invitations.push(invitation);
      invitation.role = opts.role;
      invitation.invitedBy = opts.inviterId;
      send(invitation, opts.place);
      return { email, outcome: existing ? 'refreshed' : 'invited', invitation: view(invitation, opts.caller) };
    });

  const invitationNotFound = () => notFound('That invitation');
  const created = (results: InviteResult[]) => ok(results, { status: results.some((r) => r.invitation !== null) ? 201 : 200 });

  return [
    answer(invitationEndpoints.create, async ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, createInvitationsBody);
      if (!body.ok) return body.response;
      const { emails, role } = body.data;
      const { organization } = hub;
      const pending = hubInvitations(organization.id);
      const isMember = (email: string) => db.data.memberships.some(
        (m) => m.hubId === organization.id && db.userById(m.userId)?.email === email,
      );
      return created(inviteAll({
        emails, role, hubId: organization.id, spaceId: null, inviterId: hub.user.id, place: organization, pending, isMember, caller: hubCaller(hub.role),
      }));
    }),

    answer(invitationEndpoints.list, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const query = parse(invitationsQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const items = hubInvitations(hub.organization.id)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map((i) => view(i, hubCaller(hub.role)));
      return paged(items, query.data);
    }),

    answer(invitationEndpoints.resend, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const invitation = hubInvitations(hub.organization.id).find((i) => i.id === String(params.id));
      if (!invitation) return invitationNotFound();
      send(invitation, hub.organization);
      return ok(view(invitation, hubCaller(hub.role)));
    }),

    answer(invitationEndpoints.cancel, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const invitation = hubInvitations(hub.organization.id).find((i) => i.id === String(params.id));
      if (!invitation) return invitationNotFound();
      db.data.invitations.splice(db.data.invitations.indexOf(invitation), 1);
      return ok(null);
    }),

    answer(invitationEndpoints.preview, ({ request, params }) => {
      const found = byToken(String(params.token));
      if (!found) return invalidLink();
      const { invitation, organization: hub, space } = found;
      const viewer = authenticate(db, request);
      return ok({
        organization: {
          name: hub.name,
          domain_handle: hub.domainHandle,
          description: hub.description,
          colour: hub.colour,
          visibility: hub.visibility,
        },
        invited_by: invitation.invitedBy ? (db.userById(invitation.invitedBy)?.name ?? null) : null,
        role: invitation.role,
        email: invitedEmailFor(invitation.email, viewer.ok ? viewer.user.email : null),
        expires_at: invitation.expiresAt,
        space: space ? { id: space.id, name: space.name } : null,
      });
    }),

    answer(invitationEndpoints.accept, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const found = byToken(String(params.token));
      if (!found) return invalidLink();
      const { invitation, organization: hub, space } = found;
      const membership = db.membership(auth.user.id, hub.id);
      // A space invitation makes a newcomer a viewer of the hub.
      const hubRole = membership?.role ?? (space ? 'viewer' : invitation.role);
      if (!membership) db.data.memberships.push({ hubId: hub.id, userId: auth.user.id, role: hubRole, createdAt: db.now() });
      if (space && !db.data.spaceMemberships.some((m) => m.spaceId === space.id && m.userId === auth.user.id)) {
        db.data.spaceMemberships.push({ spaceId: space.id, userId: auth.user.id, role: invitation.role, createdAt: db.now() });
      }
      db.data.invitations.splice(db.data.invitations.indexOf(invitation), 1);
      auth.user.activeHubId = hub.id;
      return ok({ ...db.myHub(hub, hubRole), space: space ? { id: space.id, name: space.name } : null });
    }),

    answer(spaceInvitationEndpoints.create, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller } = found;
      const body = await parseBody(request, createInvitationsBody);
      if (!body.ok) return body.response;
      const { emails, role } = body.data;
      const isMember = (email: string) => db.data.spaceMemberships.some(
        (m) => m.spaceId === space.id && db.userById(m.userId)?.email === email,
      );
      return created(inviteAll({
        emails, role, hubId: caller.organization.id, spaceId: space.id, inviterId: caller.user.id, place: space,
        pending: spaceInvitations(space.id), isMember, caller: spaceCaller(found),
      }));
    }),

    answer(spaceInvitationEndpoints.list, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const query = parse(invitationsQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      return paged(spaceInvitations(found.space.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((i) => view(i, spaceCaller(found))), query.data);
    }),

    answer(spaceInvitationEndpoints.resend, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const invitation = spaceInvitations(found.space.id).find((i) => i.id === String(params.invitation_id));
      if (!invitation) return invitationNotFound();
      send(invitation, found.space);
      return ok(view(invitation, spaceCaller(found)));
    }),

    answer(spaceInvitationEndpoints.cancel, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const invitation = spaceInvitations(found.space.id).find((i) => i.id === String(params.invitation_id));
      if (!invitation) return invitationNotFound();
      db.data.invitations.splice(db.data.invitations.indexOf(invitation), 1);
      return ok(null);
    }),
  ];
}
