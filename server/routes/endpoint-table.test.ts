import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allEndpoints, endpointKey } from '../../lib/contract/endpoints';
import { startTestServer, type TestServer } from '../test/harness';
import { recordedApiRoutes } from '../test/isolation/route-recorder';

// The real app, with its route table recorded as it is built (see route-recorder.ts).
vi.mock('fastify', async (importOriginal) => {
  const { recordingFastify } = await import('../test/isolation/route-recorder');
  return recordingFastify(await importOriginal<typeof import('fastify')>());
});

/** Routes of the server itself rather than of the product: its health check and this document. */
const infrastructure = ['GET health/', 'GET openapi.json/'];

/**
 * Routes the server registers by hand, not yet from the contract's endpoint
 * table. Nothing may join this list; each area leaves it when its endpoints
 * are declared in lib/contract.
 */
const undeclared = new Set<string>([
  ...infrastructure,
  'DELETE auth/passkeys/:id/',
  'DELETE auth/sessions/:id/',
  'DELETE organizations/:handle/invitations/:id/',
  'DELETE organizations/:handle/members/:user_id/',
  'DELETE spaces/:id/contents/:content_id/',
  'DELETE spaces/:id/invitations/:invitation_id/',
  'GET auth/activity/',
  'GET auth/logout/',
  'GET auth/me/',
  'GET auth/sessions/',
  'GET auth/two-factor/',
  'GET core/basic-settings/',
  'GET files/:content_id/:variant/',
  'GET files/:content_id/attachments/:index/',
  'GET invitations/:token/',
  'GET meetings/:code/',
  'GET meetings/signal/',
  'GET organizations/',
  'GET organizations/:handle/',
  'GET organizations/:handle/audit/',
  'GET organizations/:handle/audit/export/',
  'GET organizations/:handle/invitations/',
  'GET organizations/:handle/members/',
  'GET organizations/:handle/preview/',
  'GET organizations/:handle/two-factor/',
  'GET organizations/check/',
  'GET organizations/joinable/',
  'GET search/',
  'GET spaces/:id/contents/',
  'GET spaces/:id/contents/:content_id/',
  'GET spaces/:id/contents/:content_id/email/',
  'GET spaces/:id/contents/:content_id/rows/',
  'GET spaces/:id/contents/:content_id/text/',
  'GET spaces/:id/invitations/',
  'GET wallet/subscription-detail/',
  'PATCH auth/passkeys/:id/',
  'PATCH auth/profile/',
  'PATCH organizations/:handle/',
  'PATCH organizations/:handle/members/:user_id/',
  'PATCH spaces/:id/contents/:content_id/',
  'PATCH spaces/:id/contents/:content_id/note/',
  'POST auth/google/',
  'POST auth/login/',
  'POST auth/logout/',
  'POST auth/passkey/options/',
  'POST auth/passkey/verify/',
  'POST auth/passkeys/',
  'POST auth/passkeys/options/',
  'POST auth/password/change/',
  'POST auth/password/forgot/',
  'POST auth/password/reset/',
  'POST auth/register/',
  'POST auth/register/resend/',
  'POST auth/register/verify/',
  'POST auth/sessions/revoke-others/',
  'POST auth/two-factor/passkey/options/',
  'POST auth/two-factor/recovery-codes/',
  'POST auth/two-factor/totp/disable/',
  'POST auth/two-factor/totp/enable/',
  'POST auth/two-factor/totp/setup/',
  'POST auth/two-factor/verify/',
  'POST invitations/:token/accept/',
  'POST meetings/',
  'POST organizations/',
  'POST organizations/:handle/archive/',
  'POST organizations/:handle/invitations/',
  'POST organizations/:handle/invitations/:id/resend/',
  'POST organizations/:handle/join/',
  'POST organizations/:handle/leave/',
  'POST organizations/:handle/transfer/',
  'POST organizations/switch/',
  'POST spaces/:id/contents/',
  'POST spaces/:id/contents/contacts/',
  'POST spaces/:id/contents/notes/',
  'POST spaces/:id/contents/upload/',
  'POST spaces/:id/invitations/',
  'POST spaces/:id/invitations/:invitation_id/resend/',
  'PUT organizations/:handle/two-factor/',
]);

interface Operation { tags?: string[]; summary?: string; security?: unknown[]; responses: Record<string, unknown> }

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('the endpoint table', () => {
  it('has a server route for every endpoint, and an endpoint for every route', () => {
    const routes = recordedApiRoutes();
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
        tags: [definition.tag], summary: definition.summary, signedIn: definition.signedIn,
        responses: [...statuses, ...definition.errors.map(String)].sort(),
      } });
    }
  });
});
