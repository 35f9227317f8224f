import type { FastifyServerOptions } from 'fastify';

type FastifyModule = typeof import('fastify');

export interface RecordedRoute {
  method: string;
  /** The path as registered, with the prefix, e.g. `/api/v1/organizations/:handle/`. */
  url: string;
}

const recorded: RecordedRoute[] = [];

/**
 * The fastify module with its factory wrapped so that every app it builds
 * reports each route it registers (the `onRoute` hook must be added before
 * any route, and only the factory's caller gets there first). Used from a
 * test's `vi.mock('fastify', …)`; the app under test is otherwise untouched.
 */
export function recordingFastify(actual: FastifyModule): FastifyModule {
  const factory = (options?: FastifyServerOptions) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) recorded.push({ method: String(method), url: route.url });
    });
    return app;
  };
  // The factory keeps the signature it wraps; its overloads are not restated here.
  return { ...actual, default: factory } as unknown as FastifyModule;
}

/** `METHOD path/` for a route, relative to /api/v1/, always with the trailing slash. */
const routeKey = (method: string, url: string) =>
  `${method.toUpperCase()} ${url.replace(/^\/api\/v1\/?/, '').replace(/\/?$/, '/')}`;

/**
 * Every route under /api/v1 the recorded apps registered, as route keys.
 * HEAD is left out: Fastify adds it to each GET, and it runs the GET's handler and hooks.
 */
export function recordedApiRoutes(): string[] {
  const keys = recorded
    .filter((route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD')
    .map((route) => routeKey(route.method, route.url));
  return [...new Set(keys)].sort();
}
