import { http, HttpResponse, type HttpHandler, type HttpResponseResolver, type PathParams } from 'msw';
import type { z } from 'zod';
import type { Endpoint } from '@/lib/contract/endpoint';
import { fieldErrorsOf, type ErrorCode } from '@/lib/contract/envelope';
import type { MockCode, MockDb, MockHub, MockUser } from '../state';
import { errorMessages } from '@/lib/contract/error-messages';
import { VERIFICATION_CODE_MAX_ATTEMPTS, VERIFICATION_CODE_TTL_MS } from '@/lib/constants';
import type { Role } from '@/lib/contract/settings';

/** The mock matches any host, like the app's API client with or without NEXT_PUBLIC_API_HOST. */
export const api = (path: string) => `*/api/v1/${path}`;

/** The mock's answer to an endpoint of the contract, at the endpoint's own method and path. */
export function answer<E extends Endpoint>(definition: E, resolver: HttpResponseResolver<PathParams>): HttpHandler {
  const method = definition.method.toLowerCase() as Lowercase<E['method']>;
  return http[method](api(definition.path), resolver);
}

export const ok = <T>(data: T, opts: { status?: number; message?: string } = {}) =>
  HttpResponse.json(opts.message ? { data, message: opts.message } : { data }, { status: opts.status ?? 200 });

/** A list page in the API's shape. */
export function paged<T>(items: T[], { page, page_size }: { page: number; page_size: number }) {
  return HttpResponse.json({ data: items.slice((page - 1) * page_size, page * page_size), count: items.length, page, page_size });
}

export const fail = (status: number, code: ErrorCode, message: string, errors?: Record<string, string[]>) =>
  HttpResponse.json(errors ? { message, code, errors } : { message, code }, { status });

/** The API's 404 for `what` ("That space"); things the caller may not see answer the same. */
export const notFound = (what?: string) => fail(404, 'not_found', errorMessages.notFound(what));

export const fieldFail = (status: number, code: ErrorCode, field: string, message: string) =>
  fail(status, code, message, { [field]: [message] });

/** The API's validation failure: the first message, and every message under its top-level field. */
function validationFailure(error: z.ZodError) {
  const errors = fieldErrorsOf(error.issues);
  return fail(400, 'validation_error', error.issues[0]?.message ?? 'Please check the form.', errors);
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

export function parse<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, response: validationFailure(result.error) };
}

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<Parsed<z.output<S>>> {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return { ok: false, response: fail(400, 'validation_error', errorMessages.unreadableRequest) };
  }
  return parse(schema, body);
}

/** Reads `Authorization: JWT <token>` (or Bearer), like the API's authentication. */
function tokenOf(request: Request): string | null {
  const match = /^(?:JWT|Bearer)\s+(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '');
  return match?.[1] ?? null;
}

export type Authed = { ok: true; user: MockUser; token: string } | { ok: false; response: Response };

export function authenticate(db: MockDb, request: Request): Authed {
  const token = tokenOf(request);
  if (!token) return { ok: false, response: fail(401, 'unauthenticated', errorMessages.unauthenticated) };
  const user = db.userForToken(token);
  if (!user) return { ok: false, response: fail(401, 'invalid_token', errorMessages.invalidSession) };
  return { ok: true, user, token };
}

export type HubResult = { ok: true; organization: MockHub; role: Role } | { ok: false; response: Response };

/** The hub named by Org-Handle, else the active hub; another hub answers 404 like a missing one. */
export function requireHub(db: MockDb, request: Request, user: MockUser): HubResult {
  const handle = request.headers.get('org-handle')?.trim().toLowerCase();
  const hub = handle
    ? db.hubByHandle(handle)
    : db.data.organizations.find((o) => o.id === user.activeHubId && !o.archivedAt);
  if (!handle && !hub) return { ok: false, response: fail(404, 'not_found', errorMessages.chooseHubFirst) };
  const membership = hub && db.membership(user.id, hub.id);
  if (!hub || !membership) return { ok: false, response: notFound('That hub') };
  return { ok: true, organization: hub, role: membership.role };
}

export type CodeTry = { ok: true; code: MockCode } | { ok: false; response: Response };

/**
 * One try at the code kept for `email`, counted per address as the API
 * counts them (an address with no code has tries too): the code when it is
 * right, else the API's field error with the tries left, or none.
 */
export function tryCode(db: MockDb, email: string, given: string): CodeTry {
  const kept = (db.data.codes[email] ??= { code: '', attempts: 0, expiresAt: Date.now() + VERIFICATION_CODE_TTL_MS });
  const exhausted = { ok: false as const, response: fieldFail(400, 'code_exhausted', 'code', errorMessages.codeExhausted) };
  if (kept.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) return exhausted;
  if (kept.code !== '' && kept.code === given) return { ok: true, code: kept };
  kept.attempts += 1;
  const left = VERIFICATION_CODE_MAX_ATTEMPTS - kept.attempts;
  return left > 0 ? { ok: false, response: fieldFail(400, 'invalid_code', 'code', errorMessages.codeIncorrect(left)) } : exhausted;
}
