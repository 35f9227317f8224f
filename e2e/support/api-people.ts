import type { Browser, BrowserContext } from '@playwright/test';
import { pathOf, splitKey, type CallInput, type ResponseOf } from '../../lib/contract/endpoint';
import type { EndpointAt, EndpointKey } from '../../lib/contract/endpoints';
import { verificationCodeFor } from './outbox';
import { uniqueId } from './people';

/*
 * People made through the API rather than the sign-up pages (which
 * onboarding.spec.ts covers): tests about something else start from a
 * verified person with a profile and a hub in a second or two, then sign the
 * browser in by handing it the session cookie the web app would have stored.
 */

/** The web app's httpOnly session cookie (pages/api/token.ts). */
const TOKEN_COOKIE = 'convene_token';

export interface ApiPerson {
  name: string;
  email: string;
  password: string;
  token: string;
}

/** The caller's session and hub, beside what the endpoint takes; `headers` are sent as well (a proxy's routing header). */
type CallOptions<K extends EndpointKey> = CallInput<EndpointAt<K>> & { token?: string; hub?: string; headers?: Record<string, string> };

/**
 * One JSON call of the endpoint declared under `key` (`METHOD path/`) at
 * `<baseUrl>/api/v1/`; anything but 2xx throws with the answer.
 */
export async function callApi<K extends EndpointKey>(baseUrl: string, key: K, opts: CallOptions<K>): Promise<ResponseOf<EndpointAt<K>>> {
  const { method } = splitKey(key);
  const route = pathOf(key, opts.params as Record<string, string> | undefined);
  const query = Object.entries(opts.query ?? {}).filter(([, value]) => value !== undefined).map(([name, value]) => [name, String(value)]);
  const search = query.length ? `?${new URLSearchParams(query).toString()}` : '';
  const response = await fetch(`${baseUrl}/api/v1/${route}${search}`, {
    method,
    headers: {
      AppType: 'social',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `JWT ${opts.token}` } : {}),
      ...(opts.hub ? { 'Org-Handle': opts.hub } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text) as ResponseOf<EndpointAt<K>>;
}

/**
 * Registers `name` at `email`, verifies with the code from the outbox of the
 * server on `dataDir` (the suite's server by default) and fills the profile.
 */
export async function signUpByApi(baseUrl: string, who: { name: string; email: string }, dataDir?: string): Promise<ApiPerson> {
  const password = `Convene#${uniqueId()}Aa1`;
  const registered = await callApi(baseUrl, 'POST auth/register/', {
    body: { name: who.name, email: who.email, password },
  });
  const code = await verificationCodeFor(who.email, dataDir);
  const { data } = await callApi(baseUrl, 'POST auth/register/verify/', {
    body: { email: who.email, code, registration: registered.data.registration },
  });
  const settings = await callApi(baseUrl, 'GET core/basic-settings/', { token: data.token });
  const role = settings.data.profile_roles[0]?.value;
  if (!role) throw new Error('The server offers no profile roles to choose from');
  await callApi(baseUrl, 'PATCH auth/profile/', { token: data.token, body: { name: who.name, role } });
  return { name: who.name, email: who.email, password, token: data.token };
}

/** A public hub owned by `owner`, which becomes their active hub. */
export async function createHubByApi(baseUrl: string, owner: ApiPerson, hub: { name: string; handle: string }): Promise<void> {
  await callApi(baseUrl, 'POST organizations/', {
    token: owner.token,
    body: { name: hub.name, domain_handle: hub.handle, visibility: 'public', email_domain: owner.email.split('@')[1] },
  });
}

/** `who` joins the public hub `handle`, which becomes their active hub. */
export async function joinHubByApi(baseUrl: string, who: ApiPerson, handle: string): Promise<void> {
  await callApi(baseUrl, 'POST organizations/:handle/join/', { token: who.token, params: { handle } });
}

/** A browser context signed in as `who` on `baseUrl` (the session cookie set, as after signing in there). */
export async function signedInContext(browser: Browser, baseUrl: string, who: ApiPerson): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addCookies([{ name: TOKEN_COOKIE, value: encodeURIComponent(who.token), url: baseUrl, httpOnly: true, sameSite: 'Strict' }]);
  return context;
}

/**
 * Signed-in pages for several people, each in a browser context of its own
 * (a meeting needs one per participant); `close` ends them all.
 */
export function pagesOfPeople(browser: Browser, baseUrl: string) {
  const contexts: BrowserContext[] = [];
  return {
    async pageOf(who: ApiPerson, prepare?: (context: BrowserContext) => Promise<unknown>) {
      const context = await signedInContext(browser, baseUrl, who);
      contexts.push(context);
      await prepare?.(context);
      return context.newPage();
    },
    close: () => Promise.all(contexts.map((context) => context.close())),
  };
}

/**
 * A hub with an owner and `members` more people in it, all made through the
 * API of the server at `baseUrl` (mail read from `dataDir`'s outbox).
 */
export async function hubWithPeople<const Names extends readonly string[]>(
  baseUrl: string,
  names: Names,
  dataDir?: string,
): Promise<{ hub: { name: string; handle: string }; people: { [K in keyof Names]: ApiPerson } }> {
  const id = uniqueId();
  const domain = `${id}.test`;
  const hub = { name: `Meeting Rooms ${id}`, handle: `rooms-${id}` };
  // Side by side: password hashing is most of the time, and there are two cores.
  const people = await Promise.all(
    names.map((name) => signUpByApi(baseUrl, { name, email: `${name.split(' ')[0]!.toLowerCase()}@${domain}` }, dataDir)),
  );
  const [owner, ...members] = people;
  if (!owner) throw new Error('a hub needs an owner');
  await createHubByApi(baseUrl, owner, hub);
  for (const member of members) await joinHubByApi(baseUrl, member, hub.handle);
  return { hub, people: people as { [K in keyof Names]: ApiPerson } };
}
