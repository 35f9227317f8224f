import type { FastifyRequest } from 'fastify';
import { resolvePathHub } from '../../domain/members/resolve-path-hub';
import { hubOf, type App } from '../../types';

/**
 * onRequest hooks for hub administration routes: signed in (the plugin's
 * hook), a member of the Org-Handle/active hub, and that hub is the one in
 * the path. They run before the input is validated, so an outsider learns
 * nothing about the hub, not even how their input was wrong.
 */
export function hubScope(app: App) {
  return [
    app.requireHub,
    async (request: FastifyRequest) => {
      const { handle } = request.params as { handle?: string };
      resolvePathHub({ hub: hubOf(request), handle: handle ?? '' });
    },
  ];
}
