import type { HttpHandler } from 'msw';
import {
  CONTACT_TEMPLATE_ID, contactTemplateFields, createTemplateBody, templateEndpoints, templateListQuery, updateTemplateBody,
  type Template,
} from '@/lib/contract/templates';
import { hubAbilities } from '@/lib/policies/abilities';
import type { Role } from '@/lib/contract/settings';
import type { MockDb, MockTemplate } from '../state';
import { answer, authenticate, notFound, ok, paged, parse, parseBody, requireHub } from './respond';

// The built-in template never changes: its dates are the day it shipped (as the API's).
const SHIPPED = '2026-11-26T00:00:00.000Z';

const builtIn = (): Template => ({
  id: CONTACT_TEMPLATE_ID,
  name: 'Contact',
  description: 'The contact form: name, email, contact number, occupation, company, address and about.',
  fields: contactTemplateFields.map((field) => ({ ...field })),
  built_in: true,
  archived: false,
  version: 1,
  created_at: SHIPPED,
  updated_at: SHIPPED,
  abilities: { update: false, archive: false },
});

function view(template: MockTemplate, role: Role): Template {
  const manage = hubAbilities(role).manage_templates;
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    fields: template.fields,
    built_in: false,
    archived: template.archivedAt !== null,
    version: template.version,
    created_at: template.createdAt,
    updated_at: template.updatedAt,
    abilities: { update: manage, archive: manage },
  };
}

/**
 * form-templates/…: the hub's form templates, kept in the mock's state; the
 * built-in contact template first. Every change is kept as asked: who may
 * change templates, taken names, stale versions and what may happen to saved
 * fields are the API's rules (server/routes/templates).
 */
export function templateHandlers(db: MockDb): HttpHandler[] {
  const templatesOf = (hubId: string) => (db.data.templates ??= []).filter((t) => t.hubId === hubId);

  /** The signed-in member's hub and role, or the API's refusal. */
  const member = (request: Request) => {
    const auth = authenticate(db, request);
    if (!auth.ok) return auth;
    return requireHub(db, request, auth.user);
  };

  return [
    answer(templateEndpoints.list, ({ request }) => {
      const hub = member(request);
      if (!hub.ok) return hub.response;
      const query = parse(templateListQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.ok) return query.response;
      const own = templatesOf(hub.organization.id)
        .filter((t) => query.data.archived || t.archivedAt === null)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((t) => view(t, hub.role));
      return paged([builtIn(), ...own], query.data);
    }),

    answer(templateEndpoints.create, async ({ request }) => {
      const hub = member(request);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, createTemplateBody);
      if (!body.ok) return body.response;
      const at = db.now();
      const template: MockTemplate = {
        id: db.newId(), hubId: hub.organization.id, name: body.data.name, description: body.data.description, fields: body.data.fields,
        archivedAt: null, version: 1, createdAt: at, updatedAt: at,
      };
      (db.data.templates ??= []).push(template);
      db.save();
      return ok(view(template, hub.role), { status: 201 });
    }),

    answer(templateEndpoints.get, ({ request, params }) => {
      const hub = member(request);
      if (!hub.ok) return hub.response;
      if (params.template_id === CONTACT_TEMPLATE_ID) return ok(builtIn());
      const template = templatesOf(hub.organization.id).find((t) => t.id === params.template_id);
      return template ? ok(view(template, hub.role)) : notFound('That template');
    }),

    answer(templateEndpoints.update, async ({ request, params }) => {
      const hub = member(request);
      if (!hub.ok) return hub.response;
      const body = await parseBody(request, updateTemplateBody);
      if (!body.ok) return body.response;
      // The built-in template is not kept in the state, so an update of it finds nothing.
      const template = templatesOf(hub.organization.id).find((t) => t.id === params.template_id);
      if (!template) return notFound('That template');
      const { name, description, fields, archived } = body.data;
      if (name !== undefined) template.name = name;
      if (description !== undefined) template.description = description;
      if (fields) template.fields = fields;
      if (archived !== undefined) template.archivedAt = archived ? (template.archivedAt ?? db.now()) : null;
      template.version += 1;
      template.updatedAt = db.now();
      db.save();
      return ok(view(template, hub.role));
    }),
  ];
}
