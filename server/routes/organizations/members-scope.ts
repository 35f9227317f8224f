import type { FastifyRequest } from 'fastify';
import { resolvePathHub } from '../../domain/members/resolve-path-hub';
import { hubOf, type App } from '../../types';

/**
 * onRequest hooks of a route inside a hub (see Endpoint.hub), after signing
 * in: a member of the Org-Handle/active hub and, for 'path', that hub is the
 * one in the path. They run before the input is validated, so an outsider
 * learns nothing about the hub, not even how their input was wrong.
 */
export function hubScope(app: App, scope: 'header' | 'path' = 'path') {
  if (scope === 'header') return [app.requireHub];
  return [
    app.requireHub,
    async (request: FastifyRequest) => {
      const { handle } = request.params as { handle?: string };
      resolvePathHub({ hub: hubOf(request), handle: handle ?? '' });
    },
  ];
}
