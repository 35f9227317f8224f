import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiClient, setAuthToken, setHubHandle, tokenClient } from '@/client/http/clients';
import { authApi, tokenApi } from '@/client/http/api';
import { server } from '@/mocks/node';
import { setupMockServer } from './msw';

setupMockServer();

afterEach(() => {
  setAuthToken(null);
  setHubHandle(null);
});

/** Records the headers of the next request to `path`. */
function captureHeaders(path: string) {
  const seen: Headers[] = [];
  server.use(
    http.all(path, ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({ data: { token: null } });
    }),
  );
  return seen;
}

describe('the axios pair (spec §7)', () => {
  it('setAuthToken adds `JWT <token>` to both clients and clearing removes it from both', () => {
    setAuthToken('abc.def');
    expect(tokenClient.defaults.headers.common.Authorization).toBe('JWT abc.def');
    expect(apiClient.defaults.headers.common.Authorization).toBe('JWT abc.def');
    setAuthToken(null);
    expect(tokenClient.defaults.headers.common.Authorization).toBeUndefined();
    expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
  });

  it('sends the token, AppType social and JSON on the wire', async () => {
    const apiHeaders = captureHeaders('*/api/v1/auth/me/');
    const tokenHeaders = captureHeaders('*/api/token/');
    setAuthToken('wire-token');
    await authApi.me();
    await tokenApi.get();
    for (const headers of [apiHeaders[0], tokenHeaders[0]]) {
      expect(headers?.get('authorization')).toBe('JWT wire-token');
      expect(headers?.get('apptype')).toBe('social');
    }
  });

  it('sends bodies as JSON', async () => {
    const apiHeaders = captureHeaders('*/api/v1/auth/login/');
    const tokenHeaders = captureHeaders('*/api/token/');
    await authApi.login({ email: 'a@b.test', password: 'x' });
    await tokenApi.set('t');
    expect(apiHeaders[0]?.get('content-type')).toContain('application/json');
    expect(tokenHeaders[0]?.get('content-type')).toContain('application/json');
  });

  it('setHubHandle scopes API requests to the hub; clearing removes the header and logs', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const seen = captureHeaders('*/api/v1/auth/me/');
    setHubHandle('acme');
    expect(tokenClient.defaults.headers.common['Org-Handle']).toBeUndefined();
    await authApi.me();
    expect(seen[0]?.get('org-handle')).toBe('acme');

    setHubHandle(null);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('Org-Handle cleared'));
    await authApi.me();
    expect(seen[1]?.has('org-handle')).toBe(false);
  });

  it('rejects API errors unchanged', async () => {
    const failure = authApi.me();
    await expect(failure).rejects.toMatchObject({
      response: { status: 401, data: { code: 'unauthenticated', message: 'Please sign in to continue.' } },
    });
  });
});
