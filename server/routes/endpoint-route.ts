import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContextConfigDefault, FastifyBaseLogger, RawServerDefault, RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../lib/contract/envelope';
import { errorsOf, type Endpoint, type ErrorStatus, type SuccessStatus } from '../../lib/contract/endpoint';
import type { App } from '../types';
import { hubScope } from './organizations/members-scope';
import { requirementCheck } from './requirement';

/** Where the routes are mounted; endpoint paths are relative to it. */
const API_PREFIX = '/api/v1';

type SuccessOf<E extends Endpoint> = E['status'] extends readonly SuccessStatus[]
  ? E['status'][number]
  : E['status'] extends SuccessStatus ? E['status'] : 200;

/** The fastify schema of an endpoint: what the route validates, serialises and documents. */
export type RouteSchema<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: Record<SuccessOf<E>, E['response']> & Record<E['errors'][number], typeof apiErrorSchema>;
  tags: string[];
  summary: string;
  security?: { jwt: never[] }[];
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault, IncomingMessage, ServerResponse, RouteGenericInterface, ContextConfigDefault,
  RouteSchema<E>, ZodTypeProvider, FastifyBaseLogger
>;

/** Route options besides the schema (a body limit, rate limits, hooks). */
export type EndpointOptions = Omit<RouteShorthandOptions, 'schema'>;

function schemaOf<E extends Endpoint>(definition: E): RouteSchema<E> {
  const statuses: readonly SuccessStatus[] = definition.status === undefined ? [200]
    : typeof definition.status === 'number' ? [definition.status] : definition.status;
  const response = Object.fromEntries([
    ...statuses.map((status) => [status, definition.response] as const),
    ...errorsOf(definition).map((status: ErrorStatus) => [status, apiErrorSchema] as const),
  ]) as RouteSchema<E>['response'];
  // Only the parts the endpoint has: fastify warns of a schema key that is present but undefined.
  return {
    ...(definition.params ? { params: definition.params } : {}),
    ...(definition.query ? { querystring: definition.query } : {}),
    ...(definition.body ? { body: definition.body } : {}),
    response,
    tags: [definition.tag].flat(),
    summary: definition.summary,
    ...(definition.signedIn ? { security: [{ jwt: [] }] } : {}),
  } as RouteSchema<E>;
}

/** A requirement is checked inside a hub, and a space one on the space its path names. */
function assertRequirementFits(definition: Endpoint): void {
  const { requires } = definition;
  if (!requires) return;
  if (!definition.hub) throw new Error(`${definition.path} requires an ability but is in no hub`);
  if ('space' in requires && !definition.path.startsWith('spaces/:id/')) throw new Error(`${definition.path} names no space`);
}

/**
 * Registers the route of an endpoint declared in the contract, inside the
 * plugin whose prefix its path starts with. A signed-in endpoint signs the
 * caller in, and one inside a hub gets the hub's hooks after the route's own,
 * then its requirement's, so they run once the caller is known and before
 * the input is read.
 */
export function route<E extends Endpoint>(app: App, definition: E, handler: EndpointHandler<E>, options: EndpointOptions = {}) {
  const full = `${API_PREFIX}/${definition.path}`;
  if (!full.startsWith(`${app.prefix}/`)) throw new Error(`${definition.path} is not under ${app.prefix}`);
  assertRequirementFits(definition);
  const url = full.slice(app.prefix.length);
  // What the declaration says, enforced here and nowhere else: sign-in first, then the route's own
  // checks, then the hub, then the ability it requires; all before the input is read, so a stranger
  // (or a member without the ability) learns nothing from a 400.
  const onRequest = [
    ...(definition.signedIn ? [app.authenticate] : []),
    ...[options.onRequest ?? []].flat(),
    ...(definition.hub ? hubScope(app, definition.hub) : []),
    ...(definition.requires ? [requirementCheck(app, definition.requires)] : []),
  ];
  app.route({
    ...options,
    ...(onRequest.length > 0 ? { onRequest } : {}),
    method: definition.method,
    url,
    // The prefix's own route ("spaces/") answers only with its trailing slash, like every other.
    ...(url === '/' ? { prefixTrailingSlash: 'slash' as const } : {}),
    schema: schemaOf(definition),
    handler,
  });
}
