import type { FastifyRequest } from 'fastify';
import type { Requirement } from '../../lib/contract/endpoint';
import { findVisibleSpace } from '../domain/spaces/find-visible-space';
import { authorizeInHub } from '../policies/hubs';
import { hubOf, type App } from '../types';
import { viewerOf } from './spaces/viewer';

/**
 * The onRequest hook of an endpoint's requirement (Endpoint.requires), after
 * its hub scope: the caller's abilities in the hub, or in the space of the
 * path's :id, which is loaded once here (404 when the caller cannot see it)
 * and handed to the handler as request.space.
 */
export function requirementCheck(app: App, requires: Requirement) {
  if ('hub' in requires) {
    return async (request: FastifyRequest) => authorizeInHub(hubOf(request).role, requires.hub);
  }
  return async (request: FastifyRequest) => {
    const { id } = request.params as { id?: string };
    request.space = await findVisibleSpace({ db: app.deps.db, viewer: viewerOf(request), spaceId: id ?? '', ability: requires.space });
  };
}
