import { contactBody, contentItemSchema, contentParams, noteBody } from '../../../lib/contract/contents';
import { dataEnvelope } from '../../../lib/contract/envelope';
import { spaceParams } from '../../../lib/contract/spaces';
import { createContact } from '../../domain/contents/create-contact';
import { createNote } from '../../domain/contents/create-note';
import { updateNote } from '../../domain/contents/update-note';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { errorResponses, signedIn } from '../auth/responses';
import { viewerOf } from '../spaces/viewer';
import { presenterOf } from './presenter';

const tags = ['contents'];
const item = dataEnvelope(contentItemSchema);

/** Contacts added by hand and notes written in the app. */
export function registerContactAndNoteRoutes(app: App) {
  const { db } = app.deps;

  app.post('/:id/contents/contacts/', {
    schema: {
      tags, security: signedIn, summary: 'Add a contact from the contact form',
      params: spaceParams,
      body: contactBody,
      response: { 201: item, ...errorResponses(400, 401, 403, 404, 422) },
    },
  }, async (request, reply) => {
    const created = await createContact({
      db, viewer: viewerOf(request), spaceId: request.params.id, contact: request.body, presenter: presenterOf(app, request),
    });
    return reply.status(201).send(ok(created, `${created.name} is added.`));
  });

  app.post('/:id/contents/notes/', {
    schema: {
      tags, security: signedIn, summary: 'Write a note',
      params: spaceParams,
      body: noteBody,
      response: { 201: item, ...errorResponses(400, 401, 403, 404, 422) },
    },
  }, async (request, reply) => {
    const created = await createNote({
      db, viewer: viewerOf(request), spaceId: request.params.id, note: request.body, presenter: presenterOf(app, request),
    });
    return reply.status(201).send(ok(created, 'Note saved.'));
  });

  app.patch('/:id/contents/:content_id/note/', {
    schema: {
      tags, security: signedIn, summary: "Rewrite a note's title and text",
      params: contentParams,
      body: noteBody,
      response: { 200: item, ...errorResponses(400, 401, 403, 404, 422) },
    },
  }, async (request) => {
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
