import type { HttpHandler } from 'msw';
import { pageQuery } from '@/lib/contract/envelope';
import { errorMessages } from '@/lib/contract/error-messages';
import {
  checkHandleQuery, createOrganizationBody, foreignEmailDomainMessage, hubHandleField, switchOrganizationBody,
} from '@/lib/contract/organizations';
import { organizationEndpoints } from '@/lib/contract/organization-endpoints';
import { theme } from '@/lib/constants';
import type { MockDb, MockOrganization, MockUser } from '../state';
import { answer, authenticate, fieldFail, notFound, ok, paged, parse, parseBody } from './respond';

const HANDLE_TAKEN = errorMessages.handleTaken;

export function organizationHandlers(db: MockDb): HttpHandler[] {
  const enter = (user: MockUser, organization: MockOrganization) => {
    user.activeOrganizationId = organization.id;
  };

  return [
    answer(organizationEndpoints.create, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, createOrganizationBody);
      if (!body.ok) return body.response;
      const { name, domain_handle, description, visibility, email_domain, colour } = body.data;
      const domainMessage = foreignEmailDomainMessage(auth.user.email, email_domain);
      if (domainMessage) return fieldFail(400, 'validation_error', 'email_domain', domainMessage);
      if (db.organizationByHandle(domain_handle)) return fieldFail(409, 'handle_taken', 'domain_handle', HANDLE_TAKEN);
      const organization: MockOrganization = {
        id: db.newId(),
        name,
        domainHandle: domain_handle,
        description: description ?? null,
        visibility,
        colour: colour ?? theme.primaryColor,
        emailDomain: email_domain ?? null,
        createdAt: db.now(),
      };
      db.data.organizations.push(organization);
      db.data.memberships.push({ organizationId: organization.id, userId: auth.user.id, role: 'owner', createdAt: db.now() });
      enter(auth.user, organization);
      return ok(db.myOrganization(organization, 'owner'), { status: 201 });
    }),

    answer(organizationEndpoints.checkHandle, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const query = parse(checkHandleQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const raw = query.data.domain_handle;
      const rule = hubHandleField().safeParse(raw);
      if (!rule.success) {
        return ok({ domain_handle: raw.trim().toLowerCase(), available: false, reason: rule.error.issues[0]?.message ?? null });
      }
      const taken = Boolean(db.organizationByHandle(rule.data));
      return ok({ domain_handle: rule.data, available: !taken, reason: taken ? HANDLE_TAKEN : null });
    }),

    answer(organizationEndpoints.joinable, ({ request }) => {
      const auth = authenticate(db, request);
      return auth.ok ? ok(db.joinableFor(auth.user)) : auth.response;
    }),

    answer(organizationEndpoints.switchTo, async ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const body = await parseBody(request, switchOrganizationBody);
      if (!body.ok) return body.response;
      const organization = db.organizationByHandle(body.data.domain_handle);
      if (!organization || !db.membership(auth.user.id, organization.id)) return notFound('That hub');
      enter(auth.user, organization);
      return ok(db.userView(auth.user));
    }),

    answer(organizationEndpoints.list, ({ request }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const query = parse(pageQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      return paged(db.hubsOf(auth.user.id), query.data);
    }),

    answer(organizationEndpoints.get, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const organization = db.organizationByHandle(String(params.handle));
      const membership = organization && db.membership(auth.user.id, organization.id);
      if (!organization || !membership) return notFound('That hub');
      return ok(db.myOrganization(organization, membership.role));
    }),

    answer(organizationEndpoints.join, ({ request, params }) => {
      const auth = authenticate(db, request);
      if (!auth.ok) return auth.response;
      const organization = db.organizationByHandle(String(params.handle));
      if (!organization) return notFound('That hub');
      const member = db.membership(auth.user.id, organization.id);
      if (member) return ok(db.myOrganization(organization, member.role));
      // Who may join which hub is the API's rule; the mock lets the caller in, with their invitations' roles.
      const invited = db.data.invitations.filter((i) => i.organizationId === organization.id && i.email === auth.user.email);
      const role = invited.find((i) => !i.spaceId)?.role ?? 'viewer';
      for (const invitation of invited) {
        db.data.invitations.splice(db.data.invitations.indexOf(invitation), 1);
        if (invitation.spaceId) {
          db.data.spaceMemberships.push({ spaceId: invitation.spaceId, userId: auth.user.id, role: invitation.role, createdAt: db.now() });
        }
      }
      db.data.memberships.push({ organizationId: organization.id, userId: auth.user.id, role, createdAt: db.now() });
      enter(auth.user, organization);
      return ok(db.myOrganization(organization, role));
    }),
  ];
}
