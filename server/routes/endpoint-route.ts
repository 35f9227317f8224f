import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContextConfigDefault, FastifyBaseLogger, RawServerDefault, RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../lib/contract/envelope';
import { errorsOf, type Endpoint, type ErrorStatus, type SuccessStatus } from '../../lib/contract/endpoint';
import type { App } from '../types';
import { hubScope } from './organizations/members-scope';

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

/**
 * Registers the route of an endpoint declared in the contract, inside the
 * plugin whose prefix its path starts with (the plugin signs the caller in).
 * An endpoint inside a hub gets the hub's hooks after the caller's own, so
 * they run once the caller is known and before the input is read.
 */
export function route<E extends Endpoint>(app: App, definition: E, handler: EndpointHandler<E>, options: EndpointOptions = {}) {
  const full = `${API_PREFIX}/${definition.path}`;
  if (!full.startsWith(`${app.prefix}/`)) throw new Error(`${definition.path} is not under ${app.prefix}`);
  const url = full.slice(app.prefix.length);
  const scope = definition.hub ? hubScope(app, definition.hub) : [];
  app.route({
    ...options,
    ...(scope.length > 0 ? { onRequest: [...[options.onRequest ?? []].flat(), ...scope] } : {}),
    method: definition.method,
    url,
    // The prefix's own route ("spaces/") answers only with its trailing slash, like every other.
    ...(url === '/' ? { prefixTrailingSlash: 'slash' as const } : {}),
    schema: schemaOf(definition),
    handler,
  });
}
