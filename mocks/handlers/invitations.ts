import type { HttpHandler } from 'msw';
import {
  createInvitationsBody, INVITATION_SEND_WINDOW_MINUTES, invitationEndpoints, INVITATION_SENDS_PER_WINDOW, INVITATION_TTL_DAYS,
  invitationsQuery, spaceInvitationEndpoints, type Invitation, type InviteResult,
} from '@/lib/contract/invitations';
import type { Role } from '@/lib/contract/settings';
import { invitationJoinPath } from '@/lib/contract/organizations';
import type { MockDb, MockInvitation, MockOrganization, MockSpace } from '../state';
import { pathHub } from './hub-admin';
import { answer, authenticate, can, fail, ok, paged, parse, parseBody } from './respond';
import { spaceAccess } from './spaces';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const WINDOW_MS = INVITATION_SEND_WINDOW_MINUTES * 60 * 1000;
const INVALID_LINK = 'This invitation link is not valid. It may have expired, been used or been cancelled; ask for a new invitation.';

/** Hub and space invitations (create, list, resend, cancel) and the emailed link's preview and accept. */
export function invitationHandlers(db: MockDb): HttpHandler[] {
  const hubInvitations = (organizationId: string) =>
    db.data.invitations.map((i) => db.invitationMeta(i)).filter((i) => i.organizationId === organizationId && !i.spaceId);
  const spaceInvitations = (spaceId: string) =>
    db.data.invitations.map((i) => db.invitationMeta(i)).filter((i) => i.spaceId === spaceId);
  const { spaceFor } = spaceAccess(db);

  const view = (invitation: MockInvitation): Invitation => {
    const meta = db.invitationMeta(invitation);
    return {
      id: meta.id,
      email: meta.email,
      role: meta.role,
      invited_by: meta.invitedBy ? (db.userById(meta.invitedBy)?.name ?? null) : null,
      created_at: meta.createdAt,
      expires_at: meta.expiresAt,
      last_sent_at: meta.sends.at(-1) ?? meta.createdAt,
    };
  };

  /** A new link and expiry, as each (re)send gives; the mock "email" is the console. */
  const send = (invitation: MockInvitation, organization: MockOrganization | MockSpace) => {
    const meta = db.invitationMeta(invitation);
    const at = db.now();
    meta.token = `invite-${db.newId()}`;
    meta.expiresAt = new Date(Date.parse(at) + TTL_MS).toISOString();
    meta.sends.push(at);
    console.info(`[mock API] invitation to ${organization.name} for ${meta.email}: ${invitationJoinPath(meta.token)}`);
  };

  const recentSends = (invitation: MockInvitation) =>
    db.invitationMeta(invitation).sends.filter((at) => Date.now() - Date.parse(at) < WINDOW_MS).length;

  /** The pending invitation behind a link, or nothing for unknown and expired links and archived or private spaces. */
  const byToken = (token: string) => {
    const invitation = db.data.invitations.map((i) => db.invitationMeta(i)).find((i) => i.token === token);
    const organization = invitation && db.data.organizations.find((o) => o.id === invitation.organizationId && !o.archivedAt);
    if (!invitation || !organization || Date.parse(invitation.expiresAt) < Date.now()) return null;
    const space = invitation.spaceId ? db.data.spaces.find((x) => x.id === invitation.spaceId) : undefined;
    if (invitation.spaceId && (!space || space.archivedAt || space.visibility === 'private')) return null;
    return { invitation, organization, space };
  };

  /**
   * Invites each address once: members are skipped, a pending invitation gets
   * a new link (unless sent too often lately) instead of a second one.
   */
  const inviteAll = (opts: {
    emails: string[];
    role: Role;
    organizationId: string;
    spaceId: string | null;
    inviterId: string;
    place: MockOrganization | MockSpace;
    pending: Required<MockInvitation>[];
    isMember: (email: string) => boolean;
  }): InviteResult[] =>
    opts.emails.map((email) => {
      if (opts.isMember(email)) return { email, outcome: 'already_member', invitation: null };
      const existing = opts.pending.find((i) => i.email === email);
      const invitation: MockInvitation = existing ?? {
        organizationId: opts.organizationId, spaceId: opts.spaceId, email, role: opts.role, invitedBy: opts.inviterId,
        createdAt: db.now(), sends: [],
      };
      if (existing && recentSends(existing) >= INVITATION_SENDS_PER_WINDOW) {
        return { email, outcome: 'rate_limited', invitation: null };
      }
      if (!existing) db.data.invitations.push(invitation);
      invitation.role = opts.role;
      invitation.invitedBy = opts.inviterId;
      send(invitation, opts.place);
      return { email, outcome: existing ? 'refreshed' : 'invited', invitation: view(invitation) };
    });

  const rateLimited = () =>
    fail(
      429,
      'rate_limited',
      `This invitation was sent ${INVITATION_SENDS_PER_WINDOW} times in the last ${INVITATION_SEND_WINDOW_MINUTES} minutes. Please wait a few minutes before sending it again.`,
    );
  const invitationNotFound = () => fail(404, 'not_found', 'That invitation was not found.');
  const created = (results: InviteResult[]) => ok(results, { status: results.some((r) => r.invitation !== null) ? 201 : 200 });

  return [
    answer(invitationEndpoints.create, async ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      if (!can(hub.role, 'invite')) return fail(403, 'forbidden', 'You do not have permission to do that.');
      const body = await parseBody(request, createInvitationsBody);
      if (!body.ok) return body.response;
      const { emails, role } = body.data;
      if (role === 'owner' && hub.role !== 'owner') return fail(403, 'forbidden', 'Only a hub owner can invite another owner.');
      const { organization } = hub;
      const pending = hubInvitations(organization.id);
      const fresh = emails.filter(
        (email) => !pending.some((i) => i.email === email) && !db.data.memberships.some(
          (m) => m.organizationId === organization.id && db.userById(m.userId)?.email === email,
        ),
      );
      const { limits, usage } = db.subscriptionOf(organization);
      const taken = usage.members + pending.length;
      if (taken + fresh.length > limits.members) {
        return fail(
          422,
          'plan_limit',
          `This hub's Free plan allows ${limits.members} members, counting pending invitations; ${Math.max(0, limits.members - taken)} more can be invited. Ask the hub owner to upgrade the plan.`,
        );
      }
      const isMember = (email: string) => db.data.memberships.some(
        (m) => m.organizationId === organization.id && db.userById(m.userId)?.email === email,
      );
      return created(inviteAll({
        emails, role, organizationId: organization.id, spaceId: null, inviterId: hub.user.id, place: organization, pending, isMember,
      }));
    }),

    answer(invitationEndpoints.list, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      if (!can(hub.role, 'invite')) return fail(403, 'forbidden', 'You do not have permission to do that.');
      const query = parse(invitationsQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const items = hubInvitations(hub.organization.id)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(view);
      return paged(items, query.data);
    }),

    answer(invitationEndpoints.resend, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const invitation = hubInvitations(hub.organization.id).find((i) => i.id === String(params.id));
      if (!invitation || !can(hub.role, 'invite')) return invitationNotFound();
      if (recentSends(invitation) >= INVITATION_SENDS_PER_WINDOW) return rateLimited();
      send(invitation, hub.organization);
      return ok(view(invitation), { message: `Invitation sent again to ${invitation.email}.` });
    }),

    answer(invitationEndpoints.cancel, ({ request, params }) => {
      const hub = pathHub(db, request, params.handle);
      if (!hub.ok) return hub.response;
      const invitation = hubInvitations(hub.organization.id).find((i) => i.id === String(params.id));
      if (!invitation || !can(hub.role, 'invite')) return invitationNotFound();
      db.data.invitations.splice(db.data.invitations.indexOf(invitation), 1);
      return ok(null, { message: 'Invitation cancelled.' });
    }),

    answer(invitationEndpoints.preview, ({ params }) => {
      const found = byToken(String(params.token));
      if (!found) return fail(404, 'not_found', INVALID_LINK);
      const { invitation, organization, space } = found;
      return ok({
        organization: {
          name: organization.name,
          domain_handle: organization.domainHandle,
          description: organization.description,
          colour: organization.colour,
          visibility: organization.visibility,
        },
        invited_by: invitation.invitedBy ? (db.userById(invitation.invitedBy)?.name ?? null) : null,
        role: invitation.role,
        email: invitation.email,
        expires_at: invitation.expiresAt,
        account_exists: Boolean(db.userByEmail(invitation.email)),
        space: space ? { id: space.id, name: space.name } : null,
      });
    }),

    answer(invitationEndpoints.accept, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const found = byToken(String(params.token));
      if (!found) return fail(404, 'not_found', INVALID_LINK);
      const { invitation, organization, space } = found;
      if (invitation.email !== auth.user.email) {
        return fail(
          403,
          'invitation_email_mismatch',
          `This invitation was sent to another email address. Sign in as ${invitation.email} to accept it.`,
        );
      }
      const membership = db.membership(auth.user.id, organization.id);
      if (membership && !space) return fail(409, 'already_member', 'You are already a member of this hub.');
      if (space && db.data.spaceMemberships.some((m) => m.spaceId === space.id && m.userId === auth.user.id)) {
        return fail(409, 'already_member', 'You are already a member of this space.');
      }
      const hubRole = membership?.role ?? (space ? 'viewer' : invitation.role);
      if (!membership) {
        if (db.subscriptionOf(organization).usage.members >= db.subscriptionOf(organization).limits.members) {
          return fail(422, 'plan_limit', `This hub has reached the Free plan's limit of ${db.subscriptionOf(organization).limits.members} members. Ask the hub owner to upgrade the plan.`);
        }
        db.data.memberships.push({ organizationId: organization.id, userId: auth.user.id, role: hubRole, createdAt: db.now() });
      }
      if (space) db.data.spaceMemberships.push({ spaceId: space.id, userId: auth.user.id, role: invitation.role, createdAt: db.now() });
      db.data.invitations.splice(db.data.invitations.indexOf(invitation), 1);
      auth.user.activeOrganizationId = organization.id;
      return ok(
        { ...db.myOrganization(organization, hubRole), space: space ? { id: space.id, name: space.name } : null },
        { message: `Welcome to ${space?.name ?? organization.name}.` },
      );
    }),

    answer(spaceInvitationEndpoints.create, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const { space, caller, role: myRole } = found;
      if (!can(myRole, 'invite')) return fail(403, 'forbidden', 'Only editors and owners of this space can add members.');
      const body = await parseBody(request, createInvitationsBody);
      if (!body.ok) return body.response;
      const { emails, role } = body.data;
      if (role === 'owner' && myRole !== 'owner') {
        return fail(403, 'forbidden', 'Only an owner of this space or of the hub can invite another owner.');
      }
      if (space.archivedAt) return fail(422, 'space_archived', 'This space is archived. Restore it before changing it.');
      if (space.visibility === 'private') {
        return fail(422, 'space_private', 'Only its creator and the hub owner can see a private space. Make it shared to add or invite members.');
      }
      const isMember = (email: string) => db.data.spaceMemberships.some(
        (m) => m.spaceId === space.id && db.userById(m.userId)?.email === email,
      );
      return created(inviteAll({
        emails, role, organizationId: caller.organization.id, spaceId: space.id, inviterId: caller.user.id, place: space,
        pending: spaceInvitations(space.id), isMember,
      }));
    }),

    answer(spaceInvitationEndpoints.list, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      if (!can(found.role, 'invite')) return fail(403, 'forbidden', 'Only editors and owners of this space can add members.');
      const query = parse(invitationsQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      return paged(spaceInvitations(found.space.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(view), query.data);
    }),

    answer(spaceInvitationEndpoints.resend, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const invitation = spaceInvitations(found.space.id).find((i) => i.id === String(params.invitation_id));
      if (!invitation) return invitationNotFound();
      if (!can(found.role, 'invite')) return fail(403, 'forbidden', 'Only editors and owners of this space can add members.');
      if (recentSends(invitation) >= INVITATION_SENDS_PER_WINDOW) return rateLimited();
      send(invitation, found.space);
      return ok(view(invitation), { message: 'Invitation sent again.' });
    }),

    answer(spaceInvitationEndpoints.cancel, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const invitation = spaceInvitations(found.space.id).find((i) => i.id === String(params.invitation_id));
      if (!invitation) return invitationNotFound();
      if (!can(found.role, 'invite')) return fail(403, 'forbidden', 'Only editors and owners of this space can add members.');
      db.data.invitations.splice(db.data.invitations.indexOf(invitation), 1);
      return ok(null, { message: 'Invitation cancelled.' });
    }),
  ];
}
