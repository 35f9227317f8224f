import type { RouteOptions } from 'fastify';

/** `METHOD path/` for a route, relative to /api/v1/, always with the trailing slash. */
const routeKey = (method: string, url: string) =>
  `${method.toUpperCase()} ${url.replace(/^\/api\/v1\/?/, '').replace(/\/?$/, '/')}`;

/**
 * Records the routes of one app as it is built: pass `onRoute` to
 * startTestServer, then read `apiRoutes()`. Each recorder holds its own list,
 * so test files sharing a worker do not see each other's apps.
 */
export function routeRecorder() {
  const recorded: { method: string; url: string }[] = [];
  return {
    onRoute(route: RouteOptions) {
      for (const method of [route.method].flat()) recorded.push({ method: String(method), url: route.url });
    },
    /**
     * Every route under /api/v1 the app registered, as route keys.
     * HEAD is left out: Fastify adds it to each GET, and it runs the GET's handler and hooks.
     */
    apiRoutes(): string[] {
      const keys = recorded
        .filter((route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD')
        .map((route) => routeKey(route.method, route.url));
      return [...new Set(keys)].sort();
    },
  };
}
