import type { HttpHandler } from 'msw';
import { pageQuery } from '@/lib/contract/envelope';
import { errorMessages } from '@/lib/contract/error-messages';
import {
  checkHandleQuery, createHubBody, hubHandleField, switchHubBody,
} from '@/lib/contract/hubs';
import { hubEndpoints } from '@/lib/contract/hub-endpoints';
import { theme } from '@/lib/constants';
import type { MockDb, MockHub, MockUser } from '../state';
import { answer, authenticate, fieldFail, notFound, ok, paged, parse, parseBody } from './respond';

const HANDLE_TAKEN = errorMessages.handleTaken;

export function hubHandlers(db: MockDb): HttpHandler[] {
  const enter = (user: MockUser, hub: MockHub) => {
    user.activeHubId = hub.id;
  };

  return [
    answer(hubEndpoints.create, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, createHubBody);
      if (!body.ok) return body.response;
      const { name, domain_handle, description, visibility, email_domain, colour } = body.data;
      if (db.hubByHandle(domain_handle)) return fieldFail(409, 'handle_taken', 'domain_handle', HANDLE_TAKEN);
      const hub: MockHub = {
        id: db.newId(),
        name,
        domainHandle: domain_handle,
        description: description ?? null,
        visibility,
        colour: colour ?? theme.primaryColor,
        emailDomain: email_domain ?? null,
        createdAt: db.now(),
      };
      db.data.organizations.push(hub);
      db.data.memberships.push({ hubId: hub.id, userId: auth.user.id, role: 'owner', createdAt: db.now() });
      enter(auth.user, hub);
      return ok(db.myHub(hub, 'owner'), { status: 201 });
    }),

    answer(hubEndpoints.checkHandle, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const query = parse(checkHandleQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const raw = query.data.domain_handle;
      const rule = hubHandleField().safeParse(raw);
      if (!rule.success) {
        return ok({ domain_handle: raw.trim().toLowerCase(), available: false, reason: rule.error.issues[0]?.message ?? null });
      }
      const taken = Boolean(db.hubByHandle(rule.data));
      return ok({ domain_handle: rule.data, available: !taken, reason: taken ? HANDLE_TAKEN : null });
    }),

    answer(hubEndpoints.joinable, ({ request }) => {
      const auth = authenticate(db, request);
      return auth.ok ? ok(db.joinableFor(auth.user)) : auth.response;
    }),

    answer(hubEndpoints.switchTo, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, switchHubBody);
      if (!body.ok) return body.response;
      const hub = db.hubByHandle(body.data.domain_handle);
      if (!hub || !db.membership(auth.user.id, hub.id)) return notFound('That hub');
      enter(auth.user, hub);
      return ok(db.userView(auth.user));
    }),

    answer(hubEndpoints.list, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const query = parse(pageQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      return paged(db.hubsOf(auth.user.id), query.data);
    }),

    answer(hubEndpoints.get, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = db.hubByHandle(String(params.handle));
      const membership = hub && db.membership(auth.user.id, hub.id);
      if (!hub || !membership) return notFound('That hub');
      return ok(db.myHub(hub, membership.role));
    }),

    answer(hubEndpoints.join, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const hub = db.hubByHandle(String(params.handle));
      if (!hub) return notFound('That hub');
      const member = db.membership(auth.user.id, hub.id);
      if (member) return ok(db.myHub(hub, member.role));
      // Who may join which hub is the API's rule; the mock lets the caller in, with their invitations' roles.
      const invited = db.data.invitations.filter((i) => i.hubId === hub.id && i.email === auth.user.email);
      const role = invited.find((i) => !i.spaceId)?.role ?? 'viewer';
      for (const invitation of invited) {
        db.data.invitations.splice(db.data.invitations.indexOf(invitation), 1);
        if (invitation.spaceId) {
          db.data.spaceMemberships.push({ spaceId: invitation.spaceId, userId: auth.user.id, role: invitation.role, createdAt: db.now() });
        }
      }
      db.data.memberships.push({ hubId: hub.id, userId: auth.user.id, role, createdAt: db.now() });
      enter(auth.user, hub);
      return ok(db.myHub(hub, role));
    }),
  ];
}
