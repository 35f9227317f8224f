import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/**
 * PostgreSQL cannot store or even compare text holding a NUL character (PGlite
 * can), so a NUL anywhere in a request would fail deep in a query. Refusing it
 * at the door keeps every endpoint, present and future, a clean 400.
 */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item, depth + 1));
}

const NUL_IN_URL = /%00|\0/i;

const refusal = () => badRequest('The request contains characters that are not allowed.');

async function refuseNul(app: FastifyInstance) {
  // The URL is checked first, before any hook looks a hub or space up by it.
  app.addHook('onRequest', async (request) => {
    if (NUL_IN_URL.test(request.url)) throw refusal();
  });
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body)) throw refusal();
  });
}

export default fp(refuseNul, { name: 'refuse-nul' });
