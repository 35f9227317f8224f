import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../../domain/sessions/create-session';

/** The browser facts a new session records: fingerprint visitor id, user agent, address. */
export const clientInfoOf = (request: FastifyRequest, visitorId?: string): ClientInfo => ({
  visitorId: visitorId ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
});
