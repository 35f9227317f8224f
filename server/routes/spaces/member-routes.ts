import { z } from 'zod';
import { dataEnvelope, listEnvelope } from '../../../lib/contract/envelope';
import {
  addSpaceMemberBody, spaceMemberListQuery, spaceMemberParams, spaceMemberSchema, spaceParams, updateSpaceMemberBody,
} from '../../../lib/contract/spaces';
import { addSpaceMember } from '../../domain/spaces/add-space-member';
import { listSpaceMembers } from '../../domain/spaces/list-space-members';
import { removeSpaceMember } from '../../domain/spaces/remove-space-member';
import { updateSpaceMember } from '../../domain/spaces/update-space-member';
import { ok, paged } from '../../lib/envelope';
import type { App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { errorResponses, signedIn } from '../auth/responses';
import { viewerOf } from './viewer';

const tags = ['spaces'];
const member = dataEnvelope(spaceMemberSchema);

/** Members of a space: list, add a member of the hub, change a role, remove. */
export function registerSpaceMemberRoutes(app: App) {
  const { db } = app.deps;

  app.get('/:id/members/', {
    schema: {
      tags, security: signedIn, summary: "A space's members, in the order they joined",
      params: spaceParams,
      querystring: spaceMemberListQuery,
      response: { 200: listEnvelope(spaceMemberSchema), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const { page, page_size, search } = request.query;
    const { items, count } = await listSpaceMembers({
      db, viewer: viewerOf(request), spaceId: request.params.id, page: { page, page_size }, search,
    });
    return paged(items, count, request.query);
  });

  app.post('/:id/members/', {
    schema: {
      tags, security: signedIn, summary: 'Add a member of the hub to a space',
      params: spaceParams,
      body: addSpaceMemberBody,
      response: { 201: member, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
  }, async (request, reply) => {
    const added = await addSpaceMember({
      db, viewer: viewerOf(request), spaceId: request.params.id, body: request.body, client: clientInfoOf(request),
    });
    return reply.status(201).send(ok(added, `${added.name} was added to the space.`));
  });

  app.patch('/:id/members/:user_id/', {
    schema: {
      tags, security: signedIn, summary: "Change a space member's role",
      params: spaceMemberParams,
      body: updateSpaceMemberBody,
      response: { 200: member, ...errorResponses(400, 401, 403, 404, 422) },
    },
  }, async (request) => {
    const updated = await updateSpaceMember({
      db, viewer: viewerOf(request), spaceId: request.params.id, userId: request.params.user_id, role: request.body.role,
      client: clientInfoOf(request),
    });
    return ok(updated, 'Role changed.');
  });

  app.delete('/:id/members/:user_id/', {
    schema: {
      tags, security: signedIn, summary: 'Remove a member from a space',
      params: spaceMemberParams,
      response: { 200: dataEnvelope(z.null()), ...errorResponses(401, 403, 404, 422) },
    },
  }, async (request) => {
    await removeSpaceMember({
      db, viewer: viewerOf(request), spaceId: request.params.id, userId: request.params.user_id, client: clientInfoOf(request),
    });
    return ok(null, 'Member removed from the space.');
  });
}
