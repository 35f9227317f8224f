import { z } from 'zod';
import { dataEnvelope, listEnvelope } from '../../../lib/contract/envelope';
import {
  createSpaceBody, spaceListQuery, spaceParams, spaceSchema, updateSpaceBody,
} from '../../../lib/contract/spaces';
import { archiveSpace } from '../../domain/spaces/archive-space';
import { createSpace } from '../../domain/spaces/create-space';
import { getSpace } from '../../domain/spaces/get-space';
import { joinSpace } from '../../domain/spaces/join-space';
import { leaveSpace } from '../../domain/spaces/leave-space';
import { listSpaces } from '../../domain/spaces/list-spaces';
import { restoreSpace } from '../../domain/spaces/restore-space';
import { updateSpace } from '../../domain/spaces/update-space';
import { ok, paged } from '../../lib/envelope';
import { hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { errorResponses, signedIn } from '../auth/responses';
import { viewerOf } from './viewer';

const tags = ['spaces'];
const space = dataEnvelope(spaceSchema);

/** Spaces of the caller's hub: create, list, read, edit, archive, restore, join and leave. */
export function registerSpaceRoutes(app: App) {
  const { db } = app.deps;

  app.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags, security: signedIn, summary: 'Create a space (the caller becomes its owner)',
      body: createSpaceBody,
      response: { 201: space, ...errorResponses(400, 401, 403, 404, 422) },
    },
  }, async (request, reply) => {
    const created = await createSpace({
      db, viewer: viewerOf(request), organization: hubOf(request).organization, body: request.body, client: clientInfoOf(request),
    });
    return reply.status(201).send(ok(created, 'Space created.'));
  });

  app.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags, security: signedIn, summary: 'The spaces I can see, newest first, with filters and search',
      querystring: spaceListQuery,
      response: { 200: listEnvelope(spaceSchema), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const { page, page_size, ...filters } = request.query;
    const { items, count } = await listSpaces({ db, viewer: viewerOf(request), page: { page, page_size }, filters });
    return paged(items, count, request.query);
  });

  app.get('/:id/', {
    schema: {
      tags, security: signedIn, summary: 'A space I can see',
      params: spaceParams,
      response: { 200: space, ...errorResponses(401, 404) },
    },
  }, async (request) => ok(await getSpace({ db, viewer: viewerOf(request), spaceId: request.params.id })));

  app.patch('/:id/', {
    schema: {
      tags, security: signedIn, summary: "Edit a space's name, description or visibility",
      params: spaceParams,
      body: updateSpaceBody,
      response: { 200: space, ...errorResponses(400, 401, 403, 404, 422) },
    },
  }, async (request) =>
    ok(await updateSpace({
      db, viewer: viewerOf(request), spaceId: request.params.id, body: request.body, client: clientInfoOf(request),
    }), 'Space saved.'));

  app.post('/:id/archive/', {
    schema: {
      tags, security: signedIn, summary: 'Archive a space (it keeps its data)',
      params: spaceParams,
      response: { 200: space, ...errorResponses(401, 403, 404, 409) },
    },
  }, async (request) =>
    ok(await archiveSpace({ db, viewer: viewerOf(request), spaceId: request.params.id, client: clientInfoOf(request) }), 'Space archived.'));

  app.post('/:id/restore/', {
    schema: {
      tags, security: signedIn, summary: 'Restore an archived space',
      params: spaceParams,
      response: { 200: space, ...errorResponses(401, 403, 404, 409, 422) },
    },
  }, async (request) => {
    const restored = await restoreSpace({
      db, viewer: viewerOf(request), organization: hubOf(request).organization, spaceId: request.params.id, client: clientInfoOf(request),
    });
    return ok(restored, 'Space restored.');
  });

  app.post('/:id/join/', {
    schema: {
      tags, security: signedIn, summary: 'Join a public ("Everyone") space as a viewer',
      params: spaceParams,
      response: { 200: space, ...errorResponses(401, 404, 409, 422) },
    },
  }, async (request) =>
    ok(await joinSpace({ db, viewer: viewerOf(request), spaceId: request.params.id, client: clientInfoOf(request) }), 'You joined the space.'));

  app.post('/:id/leave/', {
    schema: {
      tags, security: signedIn, summary: 'Leave a space',
      params: spaceParams,
      response: { 200: dataEnvelope(z.null()), ...errorResponses(401, 404, 409, 422) },
    },
  }, async (request) => {
    await leaveSpace({ db, viewer: viewerOf(request), spaceId: request.params.id, client: clientInfoOf(request) });
    return ok(null, 'You left the space.');
  });
}
