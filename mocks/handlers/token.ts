import { http, HttpResponse, type HttpHandler } from 'msw';

/**
 * Stands in for the web app's own /api/token route where no Next server runs
 * (component tests). The browser mock does not use it: there the real route
 * answers.
 */
export function createTokenRoute() {
  let stored: string | null = null;
  const handlers: HttpHandler[] = [
    http.get('*/api/token/', () => HttpResponse.json({ data: { token: stored } })),
    http.post('*/api/token/', async ({ request }) => {
      const body = (await request.json()) as { token?: unknown };
      if (typeof body.token !== 'string' || !body.token) {
        return HttpResponse.json({ message: 'Please enter Token', code: 'validation_error' }, { status: 400 });
      }
      stored = body.token;
      return HttpResponse.json({ data: null });
    }),
    http.delete('*/api/token/', () => {
      stored = null;
      return HttpResponse.json({ data: null });
    }),
  ];
  return {
    handlers,
    get token() {
      return stored;
    },
    set token(value: string | null) {
      stored = value;
    },
  };
}
