import type { FastifyRequest } from 'fastify';
import type { SpaceViewer } from '../../policies/spaces';
import { authOf, hubOf } from '../../types';

/** The caller as the space policies see them: who, in which hub, with which hub role. */
export function viewerOf(request: FastifyRequest): SpaceViewer {
  const { organization: hub, role } = hubOf(request);
  return { hubId: hub.id, userId: authOf(request).user.id, hubRole: role };
}
