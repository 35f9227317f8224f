import { templateEndpoints } from '../../../lib/contract/templates';
import { findTemplate } from '../../domain/templates/find-template';
import { listTemplates } from '../../domain/templates/list-templates';
import { presentTemplate } from '../../domain/templates/present-template';
import { createTemplate, updateTemplate } from '../../domain/templates/save-template';
import { ok, paged } from '../../lib/envelope';
import { clientInfoOf } from '../auth/client-info';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { viewerOf } from '../spaces/viewer';

/** The hub's form templates: everyone in the hub reads them, hub editors change them. */
export function registerTemplateRoutes(app: App): void {
  const { db } = app.deps;

  route(app, templateEndpoints.list, async (request) => {
    const { items, count } = await listTemplates({ db, viewer: viewerOf(request), query: request.query });
    return paged(items, count, request.query);
  });

  route(app, templateEndpoints.create, async (request, reply) => {
    const created = await createTemplate({ db, viewer: viewerOf(request), template: request.body, client: clientInfoOf(request) });
    return reply.status(201).send(ok(created, `${created.name} is created.`));
  });

  route(app, templateEndpoints.get, async (request) => {
    const viewer = viewerOf(request);
    const template = await findTemplate({ db, hubId: viewer.hubId, templateId: request.params.template_id });
    return ok(presentTemplate(template, viewer.hubRole));
  });

  route(app, templateEndpoints.update, async (request) => {
    const { archived } = request.body;
    const updated = await updateTemplate({
      db, viewer: viewerOf(request), templateId: request.params.template_id, change: request.body, client: clientInfoOf(request),
    });
    const message = archived === true ? `${updated.name} is archived.` : archived === false ? `${updated.name} is restored.` : `${updated.name} is saved.`;
    return ok(updated, message);
  });
}
