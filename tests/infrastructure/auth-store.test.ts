import { beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { FINGERPRINT_FAILED_MESSAGE } from '@/lib/constants';
import { apiClient, setAuthToken, setHubHandle, tokenClient } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import { mockDb, server, tokenRoute } from '@/mocks/node';
import { retryPauseMs, SIGN_OUT_TIMEOUT_MS, useAuthStore } from '@/store/auth';
import { listDrafts, saveDraft } from '@/store/drafts';
import { useRequestStore } from '@/store/request';
import { setupMockServer } from './msw';

const visitorId = vi.mocked(getVisitorId);

setupMockServer();

const hubOwner = () =>
  mockDb.createAccount({ email: 'owner@acme.test', name: 'Olive Owner', hub: { name: 'Acme', domainHandle: 'acme' } });

beforeEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  useRequestStore.setState(useRequestStore.getInitialState(), true);
  setAuthToken(null);
  setHubHandle(null);
  visitorId.mockResolvedValue('visitor-1');
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('initial state', () => {
  it('starts loading and signed out, with INR as the currency', () => {
    const s = useAuthStore.getState();
    expect(s).toMatchObject({
      isLoading: true, isAuthenticated: false, user: null, visitorId: null, subscription: null,
      currency: 'INR', settings: null, cameraOn: false, micOn: false,
    });
  });
});

describe('initialize', () => {
  it('without a stored token ends signed out and not loading', async () => {
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: false, user: null, visitorId: 'visitor-1' });
    expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
  });

  it('with a stored token loads the user, the hub scope, the subscription and the settings', async () => {
    const { token } = hubOwner();
    tokenRoute.token = token;
    await useAuthStore.getState().initialize();
    const s = useAuthStore.getState();
    expect(s.isLoading).toBe(false);
    expect(s.isAuthenticated).toBe(true);
    expect(s.user?.email).toBe('owner@acme.test');
    expect(s.subscription?.plan.name).toBe('Free');
    expect(s.currency).toBe('INR');
    expect(s.settings?.profile_roles.length).toBeGreaterThan(0);
    expect(apiClient.defaults.headers.common.Authorization).toBe(`JWT ${token}`);
    expect(apiClient.defaults.headers.common['Org-Handle']).toBe('acme');
  });

  it('deletes a stored token that no longer loads a user (401) and ends signed out', async () => {
    tokenRoute.token = 'revoked-token';
    saveDraft('note-1', { text: 'hello' });
    await useAuthStore.getState().initialize();
    expect(tokenRoute.token).toBeNull();
    // Only a deliberate sign-out clears the drafts.
    expect(listDrafts()).toEqual(['note-1']);
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: false, user: null });
    expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
  });

  it('ends signed out, keeping the drafts, when the token route answers 401', async () => {
    saveDraft('note-1', { text: 'hello' });
    server.use(http.get('*/api/token/', () => HttpResponse.json({ message: 'No session.', code: 'unauthorized' }, { status: 401 })));
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: false, offline: false });
    expect(listDrafts()).toEqual(['note-1']);
  });
});

describe('initialize when the server cannot be reached', () => {
  /** Starts the restore and waits until it has failed once and is pausing before the next try. */
  async function startOffline() {
    const running = useAuthStore.getState().initialize();
    await vi.waitFor(() => expect(useAuthStore.getState().offline).toBe(true));
    // Wrapped: an async function returning the promise itself would wait for it.
    return { running };
  }

  it.each([
    ['a network error', () => HttpResponse.error()],
    ['a server error', () => HttpResponse.json({ message: 'Bad gateway.', code: 'internal_error' }, { status: 502 })],
  ])('keeps loading, signs nobody out and keeps the drafts after %s on the token route', async (_, failure) => {
    saveDraft('note-1', { text: 'hello' });
    const { token } = hubOwner();
    tokenRoute.token = token;
    server.use(http.get('*/api/token/', failure));
    const { running } = await startOffline();

    expect(useAuthStore.getState()).toMatchObject({ isLoading: true, offline: true, isAuthenticated: false });
    expect(listDrafts()).toEqual(['note-1']);
    expect(tokenRoute.token).toBe(token);

    server.resetHandlers();
    useAuthStore.getState().retryNow();
    await running;
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, offline: false, isAuthenticated: true });
    expect(useAuthStore.getState().user?.email).toBe('owner@acme.test');
    expect(listDrafts()).toEqual(['note-1']);
  });

  it('keeps the stored token when the API fails to load the user, and signs in once it answers', async () => {
    saveDraft('note-1', { text: 'hello' });
    const { token } = hubOwner();
    tokenRoute.token = token;
    server.use(http.get('*/api/v1/auth/me/', () => HttpResponse.json({ message: 'Down.', code: 'internal_error' }, { status: 503 })));
    const { running } = await startOffline();

    expect(tokenRoute.token).toBe(token);
    expect(useAuthStore.getState()).toMatchObject({ isLoading: true, isAuthenticated: false });

    server.resetHandlers();
    window.dispatchEvent(new Event('online'));
    await running;
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, offline: false, isAuthenticated: true });
    expect(listDrafts()).toEqual(['note-1']);
  });

  it('tries again by itself after a pause', async () => {
    tokenRoute.token = hubOwner().token;
    server.use(http.get('*/api/token/', () => HttpResponse.error(), { once: true }));
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, offline: false, isAuthenticated: true });
  });

  it('pauses 1, 2, 4, 8 and 16 seconds between tries, then every 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(retryPauseMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe('initialize, continued', () => {
  it('stays signed in but shows the error when the settings fail to load', async () => {
    tokenRoute.token = hubOwner().token;
    server.use(
      http.get('*/api/v1/core/basic-settings/', () =>
        HttpResponse.json({ message: 'Settings are unavailable.', code: 'internal_error' }, { status: 500 }),
      ),
    );
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, settings: null, isLoading: false });
    expect(useRequestStore.getState()).toMatchObject({ kind: 'error', message: 'Settings are unavailable.' });
  });

  it('asks for the settings while the user is still loading, not after', async () => {
    tokenRoute.token = hubOwner().token;
    let settingsWereAsked!: () => void;
    const settingsAsked = new Promise<void>((resolve) => { settingsWereAsked = resolve; });
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/v1/core/basic-settings/') settingsWereAsked();
    });
    // auth/me/ answers only once the settings were asked for: one after the other, start-up would never end.
    // Answering nothing hands the request on to the mock's own handler.
    server.use(http.get('*/api/v1/auth/me/', async () => {
      await settingsAsked;
    }));
    await useAuthStore.getState().initialize();
    server.events.removeAllListeners();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false });
    expect(useAuthStore.getState().settings?.profile_roles.length).toBeGreaterThan(0);
  });

  it('keeps working without a fingerprint and shows the spec message', async () => {
    visitorId.mockResolvedValue(null);
    tokenRoute.token = hubOwner().token;
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ visitorId: null, isAuthenticated: true, isLoading: false });
    expect(useRequestStore.getState()).toMatchObject({ kind: 'notification', message: FINGERPRINT_FAILED_MESSAGE });
  });

  it('restores the session without waiting for the fingerprint, which follows', async () => {
    let release!: (id: string) => void;
    visitorId.mockReturnValue(new Promise((resolve) => (release = resolve)));
    tokenRoute.token = hubOwner().token;
    const running = useAuthStore.getState().initialize();
    await vi.waitFor(() => expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: true, visitorId: null }));
    release('visitor-2');
    await running;
    expect(useAuthStore.getState().visitorId).toBe('visitor-2');
  });

  it('runs once when called again while running', async () => {
    let tokenReads = 0;
    server.use(
      http.get('*/api/token/', () => {
        tokenReads += 1;
        return HttpResponse.json({ data: { token: null } });
      }),
    );
    const first = useAuthStore.getState().initialize();
    const second = useAuthStore.getState().initialize();
    await Promise.all([first, second]);
    expect(second).toBe(first);
    expect(tokenReads).toBe(1);
  });
});

describe('login', () => {
  it('stores the token, then loads the user and settings, and returns the user', async () => {
    const { token } = hubOwner();
    const user = await useAuthStore.getState().login(token);
    expect(user.email).toBe('owner@acme.test');
    expect(tokenRoute.token).toBe(token);
    expect(tokenClient.defaults.headers.common.Authorization).toBe(`JWT ${token}`);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false });
    expect(useAuthStore.getState().settings).not.toBeNull();
  });

  it('does not keep a token whose user cannot be loaded', async () => {
    await expect(useAuthStore.getState().login('not-a-session')).rejects.toThrow();
    expect(tokenRoute.token).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
  });
});

describe('loadUser', () => {
  it('leaves the subscription empty and the currency INR when the subscription fails', async () => {
    setAuthToken(hubOwner().token);
    server.use(
      http.get('*/api/v1/wallet/subscription-detail/', () =>
        HttpResponse.json({ message: 'Billing is down.', code: 'internal_error' }, { status: 500 }),
      ),
    );
    const user = await useAuthStore.getState().loadUser();
    expect(user.active_organization?.domain_handle).toBe('acme');
    expect(useAuthStore.getState()).toMatchObject({ subscription: null, currency: 'INR', isAuthenticated: true });
  });

  it('takes the currency from the subscription', async () => {
    const { token, user } = hubOwner();
    setAuthToken(token);
    server.use(
      http.get('*/api/v1/wallet/subscription-detail/', () =>
        HttpResponse.json({ data: { ...mockDb.subscriptionOf(mockDb.data.organizations[1]!, user, 'owner'), currency: 'USD' } }),
      ),
    );
    await useAuthStore.getState().loadUser();
    expect(useAuthStore.getState().currency).toBe('USD');
  });

  it('asks for no subscription and clears the hub scope when the user has no hub', async () => {
    const { token } = mockDb.createAccount({ email: 'new@elsewhere.test', profile: true });
    setAuthToken(token);
    setHubHandle('stale');
    const user = await useAuthStore.getState().loadUser();
    expect(user.current_step).toBe('organization');
    expect(apiClient.defaults.headers.common['Org-Handle']).toBeUndefined();
    expect(useAuthStore.getState()).toMatchObject({ subscription: null, currency: 'INR' });
  });
});

describe('setUser', () => {
  it('switches the hub scope and reloads the plan for the new hub', async () => {
    const { token, user: owner } = hubOwner();
    await useAuthStore.getState().login(token);
    mockDb.data.organizations.push({
      id: 'hub-2', name: 'Beta', domainHandle: 'beta', description: null, visibility: 'shared',
      colour: '#796CFF', emailDomain: null, createdAt: new Date().toISOString(),
    });
    mockDb.data.memberships.push({ hubId: 'hub-2', userId: owner.id, role: 'owner', createdAt: new Date().toISOString() });
    owner.activeHubId = 'hub-2';

    useAuthStore.getState().setUser(mockDb.userView(owner));
    expect(apiClient.defaults.headers.common['Org-Handle']).toBe('beta');
    expect(useAuthStore.getState().subscription).toBeNull();
    await vi.waitFor(() => expect(useAuthStore.getState().subscription?.usage.members).toBe(1));
  });
});

describe('logout', () => {
  it('clears user, subscription, settings, drafts, camera and mic, and the stored token', async () => {
    const { token } = hubOwner();
    await useAuthStore.getState().login(token);
    useAuthStore.getState().setCamera(true);
    useAuthStore.getState().setMic(true);
    saveDraft('note-1', { text: 'draft' });

    await useAuthStore.getState().logout();

    expect(useAuthStore.getState()).toMatchObject({
      user: null, isAuthenticated: false, subscription: null, settings: null, currency: 'INR',
      cameraOn: false, micOn: false, isLoading: false,
    });
    expect(listDrafts()).toEqual([]);
    expect(tokenRoute.token).toBeNull();
    expect(mockDb.userForToken(token)).toBeUndefined();
    expect(apiClient.defaults.headers.common.Authorization).toBeUndefined();
    expect(apiClient.defaults.headers.common['Org-Handle']).toBeUndefined();
  });

  it('still signs out locally when the API cannot be reached', async () => {
    await useAuthStore.getState().login(hubOwner().token);
    server.use(http.get('*/api/v1/auth/logout/', () => HttpResponse.error()));
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(tokenRoute.token).toBeNull();
  });

  it.each([
    // The stored token is forgotten when only the API is silent; a silent token route keeps it (the session is revoked).
    ['the API', http.get('*/api/v1/auth/logout/', () => delay('infinite')), true],
    ['the app’s own token route', http.delete('*/api/token/', () => delay('infinite')), false],
  ])('does not wait longer than its time limit when %s never answers', async (_, silent, tokenForgotten) => {
    await useAuthStore.getState().login(hubOwner().token);
    server.use(silent);
    const started = Date.now();
    await useAuthStore.getState().logout();
    expect(Date.now() - started).toBeLessThan(SIGN_OUT_TIMEOUT_MS + 2_000);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(tokenRoute.token === null).toBe(tokenForgotten);
  }, SIGN_OUT_TIMEOUT_MS + 5_000);
});

describe('camera and mic flags', () => {
  it('set and clear independently', () => {
    useAuthStore.getState().setCamera(true);
    expect(useAuthStore.getState()).toMatchObject({ cameraOn: true, micOn: false });
    useAuthStore.getState().setMic(true);
    useAuthStore.getState().setCamera(false);
    expect(useAuthStore.getState()).toMatchObject({ cameraOn: false, micOn: true });
  });
});
