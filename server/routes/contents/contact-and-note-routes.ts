import { contentEndpoints } from '../../../lib/contract/contents';
import { createContact } from '../../domain/contents/create-contact';
import { createNote } from '../../domain/contents/create-note';
import { updateNote } from '../../domain/contents/update-note';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { viewerOf } from '../spaces/viewer';
import { presenterOf } from './presenter';

/** Contacts added by hand and notes written in the app. */
export function registerContactAndNoteRoutes(app: App) {
  const { db } = app.deps;

  route(app, contentEndpoints.addContact, async (request, reply) => {
    const created = await createContact({
      db, viewer: viewerOf(request), spaceId: request.params.id, contact: request.body, presenter: presenterOf(app, request),
    });
    return reply.status(201).send(ok(created, `${created.name} is added.`));
  });

  route(app, contentEndpoints.addNote, async (request, reply) => {
    const created = await createNote({
      db, viewer: viewerOf(request), spaceId: request.params.id, note: request.body, presenter: presenterOf(app, request),
    });
    return reply.status(201).send(ok(created, 'Note saved.'));
  });

  route(app, contentEndpoints.updateNote, async (request) => {
    const updated = await updateNote({
      db,
      viewer: viewerOf(request),
      spaceId: request.params.id,
      contentId: request.params.content_id,
      note: request.body,
      presenter: presenterOf(app, request),
    });
    return ok(updated, 'Note saved.');
  });
}
