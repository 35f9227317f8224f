import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/** The baseline: Fastify with nothing but one route that answers a fixed JSON body. */
export async function startBareServer(body: unknown) {
  const app = Fastify({ logger: false });
  app.get('/api/v1/auth/me/', async () => body);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/auth/me/`,
    close: () => app.close(),
  };
}
