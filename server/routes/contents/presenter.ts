import type { FastifyRequest } from 'fastify';
import type { ContentPresenter } from '../../domain/contents/content-view';
import type { App } from '../../types';
import { authOf } from '../../types';

/** What presenting items needs from a request: the caller's session signs the file addresses. */
export function presenterOf(app: App, request: FastifyRequest): ContentPresenter {
  const { config } = app.deps;
  return { sessionId: authOf(request).session.id, secret: config.jwtSecret, fileUrlTtlSeconds: config.fileUrlTtlSeconds };
}
