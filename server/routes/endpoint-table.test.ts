import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf } from '../../lib/contract/endpoint';
import { allEndpoints, endpointKey } from '../../lib/contract/endpoints';
import { startTestServer, type TestServer } from '../test/harness';
import { routeRecorder } from '../test/isolation/route-recorder';


/** Routes of the server itself rather than of the product: its health check and this document. */
const infrastructure = ['GET health/', 'GET openapi.json/'];

/**
 * Routes the server registers by hand, not yet from the contract's endpoint
 * table. Nothing may join this list; each area leaves it when its endpoints
 * are declared in lib/contract.
 */
const undeclared = new Set<string>([
  ...infrastructure,
  'GET files/:content_id/:variant/',
  'GET files/:content_id/attachments/:index/',
  'GET meetings/signal/',
  'GET organizations/:handle/audit/export/',
  // Answers a stream of events (application/x-ndjson), not one JSON body.
  'POST ask/',
]);

interface Operation { tags?: string[]; summary?: string; security?: unknown[]; responses: Record<string, unknown> }

let server: TestServer;
const recorder = routeRecorder();
beforeAll(async () => { server = await startTestServer({}, { onRoute: recorder.onRoute }); });
afterAll(async () => { await server.close(); });

describe('the endpoint table', () => {
  it('has a server route for every endpoint, and an endpoint for every route', () => {
    const routes = recorder.apiRoutes();
    expect(routes).toContain('GET spaces/');
    const declared = new Set(allEndpoints.map(endpointKey));
    expect([...declared].filter((key) => !routes.includes(key))).toEqual([]);
    expect(routes.filter((key) => !declared.has(key) && !undeclared.has(key))).toEqual([]);
    expect([...undeclared].filter((key) => declared.has(key) || !routes.includes(key))).toEqual([]);
  });

  it('documents each endpoint in OpenAPI with its summary, sign-in and every status it can answer', async () => {
    const doc = await server.get<{ paths: Record<string, Record<string, Operation>> }>('openapi.json');
    for (const definition of allEndpoints) {
      const path = `/api/v1/${definition.path.replace(/:([a-z_]+)/g, '{$1}')}`;
      const operation = doc.body.paths[path]?.[definition.method.toLowerCase()];
      const statuses = [definition.status ?? 200].flat().map(String);
      expect({ endpoint: endpointKey(definition), operation: operation && {
        tags: operation.tags, summary: operation.summary, signedIn: operation.security !== undefined,
        responses: Object.keys(operation.responses).sort(),
      } }).toEqual({ endpoint: endpointKey(definition), operation: {
        tags: [definition.tag].flat(), summary: definition.summary, signedIn: definition.signedIn,
        responses: [...statuses, ...errorsOf(definition).map(String)].sort(),
      } });
    }
  });
});
