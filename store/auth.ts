import { create } from 'zustand';
import { DEFAULT_CURRENCY, FINGERPRINT_FAILED_MESSAGE } from '@/lib/constants';
import type { User } from '@/lib/contract/auth';
import type { BasicSettings } from '@/lib/contract/settings';
import type { Subscription } from '@/lib/contract/billing';
import { authApi, settingsApi, tokenApi, billingApi, type CallOptions } from '@/client/http/api';
import { errorMessage, setAuthToken, setHubHandle, statusOf } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import { claimDrafts, clearDrafts } from './drafts';
import { leaveActiveMeeting } from './meeting';
import { useRequestStore } from './request';

export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  visitorId: string | null;
  subscription: Subscription | null;
  /** The active hub's billing currency; INR until a subscription says otherwise. */
  currency: string;
  settings: BasicSettings | null;
  cameraOn: boolean;
  micOn: boolean;
  /**
   * Start-up could not tell whether there is a session (no network, the
   * server down or too slow): it keeps retrying, and isLoading stays true.
   */
  offline: boolean;
  /**
   * Start-up found a stored token and is loading its user: a signed-in
   * visitor is about to be sent on, so a guest page's form waits.
   */
  restoring: boolean;
  /**
   * Restores the session from the stored token (spec §4) and ends with
   * isLoading false. Only a definite "no session" signs out; while the
   * answer cannot be had it retries with growing pauses (see `offline`).
   */
  initialize(): Promise<void>;
  /** Ends the pause between start-up tries and tries again at once. */
  retryNow(): void;
  /** Stores a token from sign-in/verification, then loads the user and the settings. */
  login(token: string): Promise<User>;
  /** auth/me/ plus the active hub's subscription. */
  loadUser(options?: CallOptions): Promise<User>;
  /** Adopts a user returned by the API (profile update, hub switch). */
  setUser(user: User): void;
  logout(): Promise<void>;
  setCamera(on: boolean): void;
  setMic(on: boolean): void;
}

/** Everything a signed-out browser holds; logout and a failed restore return to it. */
const signedOut = {
  user: null,
  isAuthenticated: false,
  subscription: null,
  currency: DEFAULT_CURRENCY,
  settings: null,
  cameraOn: false,
  micOn: false,
} satisfies Partial<AuthState>;

const activeHandleOf = (user: User | null) => user?.active_organization?.domain_handle ?? null;

/** The active hub's plan; a failure leaves the subscription empty (spec §8). */
async function fetchSubscription(user: User): Promise<Pick<AuthState, 'subscription' | 'currency'>> {
  if (!user.active_organization) return { subscription: null, currency: DEFAULT_CURRENCY };
  try {
    const subscription = (await billingApi.subscription()).data;
    return { subscription, currency: subscription.currency || DEFAULT_CURRENCY };
  } catch (error) {
    console.warn('Could not load the subscription', error);
    return { subscription: null, currency: DEFAULT_CURRENCY };
  }
}

/**
 * Asks for the global settings at once (they need no session, so they load
 * alongside the user) and returns how to read the answer: a failure shows the
 * error (spec §8) and leaves settings empty. Nothing is shown for an answer
 * never read, as when the user did not load.
 */
function requestSettings(): () => Promise<BasicSettings | null> {
  const request = settingsApi.basic().then((response) => response.data);
  request.catch(() => undefined);
  return async () => {
    try {
      return await request;
    } catch (error) {
      useRequestStore.getState().fetchError(errorMessage(error));
      return null;
    }
  };
}

function dropCredentials(): void {
  setAuthToken(null);
  setHubHandle(null);
}

/** How long start-up waits for the user before it counts the API as unreachable. */
const RESTORE_TIMEOUT_MS = 15_000;
const MAX_RETRY_PAUSE_MS = 30_000;
/** How long signing out waits for the server to end the session. */
export const SIGN_OUT_TIMEOUT_MS = 5_000;

/** 1, 2, 4, 8, 16, then every 30 seconds. */
export const retryPauseMs = (attempt: number) => Math.min(1000 * 2 ** attempt, MAX_RETRY_PAUSE_MS);

/**
 * Only a 401 means "no session": a failed request, a timeout or a server
 * error says nothing about the session, so it must not sign anyone out.
 */
const meansSignedOut = (error: unknown) => statusOf(error) === 401;

/** Ends the current pause between start-up tries; null while none runs. */
let wakeRestore: (() => void) | null = null;

/** Waits `ms`, or less when the browser comes back online or the person asks to retry. */
function pauseBeforeRetry(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      wakeRestore = null;
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    window.addEventListener('online', done);
    wakeRestore = done;
  });
}

let initializing: Promise<void> | null = null;

export const useAuthStore = create<AuthState>()((set, get) => ({
  ...signedOut,
  isLoading: true,
  visitorId: null,
  offline: false,
  restoring: false,

  initialize() {
    /** One try: true once the session is known (restored, or definitely absent), false when it cannot be told. */
    const restore = async (): Promise<boolean> => {
      let token: string | null;
      try {
        token = await tokenApi.get();
      } catch (error) {
        if (!meansSignedOut(error)) {
          console.warn('Could not reach the token store; retrying', error);
          return false;
        }
        token = null;
      }
      if (!token) {
        set(signedOut);
        return true;
      }

      setAuthToken(token);
      set({ restoring: true });
      const settings = requestSettings();
      try {
        await get().loadUser({ timeout: RESTORE_TIMEOUT_MS });
      } catch (error) {
        dropCredentials();
        if (!meansSignedOut(error)) {
          console.warn('Could not load the user; retrying', error);
          return false;
        }
        // A token that no longer loads a user is useless: forget it (spec §4).
        console.warn('The stored session is no longer valid', error);
        await tokenApi.clear().catch((clearError: unknown) => console.error('Could not delete the stored token', clearError));
        set(signedOut);
        return true;
      }
      set({ settings: await settings() });
      return true;
    };

    // Concurrent callers (StrictMode's double effect, several guards) share one run.
    initializing ??= (async () => {
      set({ isLoading: true });
      // Worked out alongside the restore rather than before it: only signing in sends it, so no page waits for it.
      const fingerprint = getVisitorId().then((visitorId) => {
        if (!visitorId) useRequestStore.getState().notify(FINGERPRINT_FAILED_MESSAGE);
        set({ visitorId });
      });

      for (let attempt = 0; !(await restore()); attempt += 1) {
        set({ offline: true });
        await pauseBeforeRetry(retryPauseMs(attempt));
      }
      set({ isLoading: false, offline: false, restoring: false });
      await fingerprint;
    })().finally(() => {
      initializing = null;
    });
    return initializing;
  },

  retryNow() {
    wakeRestore?.();
  },

  async login(token) {
    await tokenApi.set(token);
    setAuthToken(token);
    try {
      const settings = requestSettings();
      const user = await get().loadUser();
      set({ settings: await settings(), isLoading: false });
      return user;
    } catch (error) {
      // Do not keep a token whose user cannot be loaded.
      await tokenApi.clear().catch(() => undefined);
      dropCredentials();
      set(signedOut);
      throw error;
    }
  },

  async loadUser(options) {
    const user = (await authApi.me(options)).data;
    claimDrafts(user.id);
    // The Org-Handle must be set before the subscription call, which is scoped to the hub.
    setHubHandle(activeHandleOf(user));
    const billing = await fetchSubscription(user);
    set({ user, isAuthenticated: true, ...billing });
    return user;
  },

  setUser(user) {
    const previousHandle = activeHandleOf(get().user);
    const handle = activeHandleOf(user);
    setHubHandle(handle);
    if (handle === previousHandle) {
      set({ user, isAuthenticated: true });
      return;
    }
    // A different hub has a different plan: never show the old hub's plan, and
    // ignore the answer if the hub changed again meanwhile.
    set({ user, isAuthenticated: true, subscription: null, currency: DEFAULT_CURRENCY });
    void fetchSubscription(user).then((billing) => {
      if (activeHandleOf(get().user) === handle) set(billing);
    });
  },

  async logout() {
    // A signed-out tab must not stay in a meeting (spec §4); the camera and mic flags are cleared below.
    leaveActiveMeeting();
    // Ending the session on the server and forgetting the stored token go out together, and a
    // server slow to answer must not hold the person on the page (the request may still land;
    // one that never does leaves the session to expire). The tab is signed out either way.
    const signal = AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS);
    await Promise.all([
      authApi.logout({ signal }).catch((error: unknown) => console.warn('Sign-out request failed', error)),
      tokenApi.clear({ signal }).catch((error: unknown) => console.error('Could not delete the stored token', error)),
    ]);
    dropCredentials();
    clearDrafts();
    set({ ...signedOut, isLoading: false });
  },

  setCamera: (on) => set({ cameraOn: on }),
  setMic: (on) => set({ micOn: on }),
}));
