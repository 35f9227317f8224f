import type { FastifyRequest } from 'fastify';
import type { SpaceViewer } from '../../policies/spaces';
import { authOf, hubOf } from '../../types';

/** The caller as the space policies see them: who, in which hub, with which hub role. */
export function viewerOf(request: FastifyRequest): SpaceViewer {
  const { organization, role } = hubOf(request);
  return { organizationId: organization.id, userId: authOf(request).user.id, hubRole: role };
}
