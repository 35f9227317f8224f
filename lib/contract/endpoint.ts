import type { z } from 'zod';
import type { HubAbilities } from './hubs';
import type { SpaceAbilities } from './spaces';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error statuses an endpoint may answer, each with the error envelope (apiErrorSchema). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 411 | 413 | 415 | 422 | 429 | 503;
export type SuccessStatus = 200 | 201 | 202 | 204;

/** The abilities that answer yes or no (grant_roles lists roles). */
type YesOrNo<T> = { [K in keyof T]-?: T[K] extends boolean ? K : never }[keyof T];
export type HubRequirement = YesOrNo<HubAbilities>;
/** Joining and leaving are not permissions: their own handlers answer a member (409) or a space one is only added to (404). */
export type SpaceRequirement = Exclude<YesOrNo<SpaceAbilities>, 'join' | 'leave'>;
/**
 * The one ability an endpoint needs, as the hub's or the space's abilities
 * tell it to the caller: a hub one (the caller's hub), or a space one (the
 * space of the path's :id).
 */
export type Requirement = { hub: HubRequirement } | { space: SpaceRequirement };

/**
 * One endpoint of the API, declared once: the server registers its route
 * from it, the web app and the tools call it through it, the mock answers
 * it, and the OpenAPI document is generated from it.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Under /api/v1/, with `:name` for each path parameter and the trailing slash every route has. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** The OpenAPI group (or groups). */
  tag: string | readonly string[];
  /** Whether the caller must be signed in (an Authorization bearer token). */
  signedIn: boolean;
  /**
   * Whether it works inside one hub the caller belongs to: the hub named by
   * the Org-Handle header (else the caller's active hub), and for 'path' also
   * the hub of the path's :handle, which must be the same. Such an endpoint
   * answers 404 to anyone outside that hub and 403 to a member who lacks the
   * two-factor sign-in the hub requires, before its input is even read.
   */
  hub?: 'header' | 'path';
  /**
   * The ability the caller needs, checked after the hub scope (so it needs
   * one) and before the input is read: 403 when the abilities say no (409 or
   * 422 when the space's state does: archived, private), and for a space
   * also 404 when the caller cannot see it.
   */
  requires?: Requirement;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The status of success (or each of them, when it tells two outcomes apart); 200 unless said. */
  status?: SuccessStatus | readonly SuccessStatus[];
  /** The body of success. */
  response: z.ZodType;
  errors: readonly ErrorStatus[];
}

/** Every error status an endpoint can answer: those it declares, and those its sign-in, hub scope and requirement add. */
export function errorsOf(definition: Pick<Endpoint, 'errors' | 'signedIn' | 'hub' | 'requires'>): ErrorStatus[] {
  const { requires } = definition;
  const implied: ErrorStatus[] = [
    ...(definition.signedIn ? [401 as const] : []),
    ...(definition.hub ? [403 as const, 404 as const] : []),
    ...(requires ? [403 as const] : []),
    ...(requires && 'space' in requires ? [404 as const] : []),
  ];
  return [...new Set([...definition.errors, ...implied])].sort((a, b) => a - b);
}

/** Declares an endpoint, keeping its exact types for the server, the client and the mock. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type InputOf<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType ? z.input<E[K]> : never;

/** Path parameters of an endpoint, as the caller gives them. */
export type ParamsOf<E extends Endpoint> = InputOf<E, 'params'>;
/** Query string of an endpoint, as the caller gives it. */
export type QueryOf<E extends Endpoint> = InputOf<E, 'query'>;
/** Body of an endpoint, as the caller sends it. */
export type BodyOf<E extends Endpoint> = InputOf<E, 'body'>;
/** What a successful call answers. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** What a call of an endpoint takes: its path parameters, query and body, each where the endpoint has one. */
export type CallInput<E extends Endpoint> =
  & (E['params'] extends object ? { params: ParamsOf<E> } : { params?: never })
  & (E['query'] extends object ? { query?: QueryOf<E> } : { query?: never })
  & (E['body'] extends object ? { body: BodyOf<E> } : { body?: never });

/** The method and path of an endpoint named by its `METHOD path/` key. */
export function splitKey(key: string): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** The path of an endpoint (or of its `METHOD path/` key) with its parameters filled in, each URL-encoded. */
export function pathOf(definition: Pick<Endpoint, 'path'> | string, params: Record<string, string> = {}): string {
  const path = typeof definition === 'string' ? splitKey(definition).path : definition.path;
  return path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}
