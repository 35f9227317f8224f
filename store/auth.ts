import { create } from 'zustand';
import { DEFAULT_CURRENCY, FINGERPRINT_FAILED_MESSAGE } from '@/lib/constants';
import type { User } from '@/lib/contract/auth';
import type { BasicSettings } from '@/lib/contract/settings';
import type { Subscription } from '@/lib/contract/subscription';
import { authApi, settingsApi, tokenApi, billingApi } from '@/client/http/api';
import { errorMessage, setAuthToken, setHubHandle } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import { clearDrafts } from './drafts';
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
  /** Restores the session from the stored token (spec §4); always ends with isLoading false. */
  initialize(): Promise<void>;
  /** Stores a token from sign-in/verification, then loads the user and the settings. */
  login(token: string): Promise<User>;
  /** auth/me/ plus the active hub's subscription. */
  loadUser(): Promise<User>;
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

/** Global settings; a failure shows the error (spec §8) and leaves settings empty. */
async function fetchSettings(): Promise<BasicSettings | null> {
  try {
    return (await settingsApi.basic()).data;
  } catch (error) {
    useRequestStore.getState().fetchError(errorMessage(error));
    return null;
  }
}

function dropCredentials(): void {
  setAuthToken(null);
  setHubHandle(null);
}

let initializing: Promise<void> | null = null;

export const useAuthStore = create<AuthState>()((set, get) => ({
  ...signedOut,
  isLoading: true,
  visitorId: null,

  initialize() {
    // Concurrent callers (StrictMode's double effect, several guards) share one run.
    initializing ??= (async () => {
      set({ isLoading: true });
      // Worked out alongside the restore rather than before it: only signing in sends it, so no page waits for it.
      const fingerprint = getVisitorId().then((visitorId) => {
        if (!visitorId) useRequestStore.getState().notify(FINGERPRINT_FAILED_MESSAGE);
        set({ visitorId });
      });

      let token: string | null = null;
      try {
        token = await tokenApi.get();
      } catch (error) {
        // Without the stored token the drafts cannot be tied to anyone (spec §8).
        console.error('Could not read the stored token', error);
        clearDrafts();
      }

      if (token) {
        setAuthToken(token);
        try {
          await get().loadUser();
          set({ settings: await fetchSettings() });
        } catch (error) {
          // A token that no longer loads a user is useless: forget it (spec §4).
          console.warn('The stored session is no longer valid', error);
          await tokenApi.clear().catch((clearError: unknown) => console.error('Could not delete the stored token', clearError));
          dropCredentials();
          set(signedOut);
        }
      }
      set({ isLoading: false });
      await fingerprint;
    })().finally(() => {
      initializing = null;
    });
    return initializing;
  },

  async login(token) {
    await tokenApi.set(token);
    setAuthToken(token);
    try {
      const user = await get().loadUser();
      set({ settings: await fetchSettings(), isLoading: false });
      return user;
    } catch (error) {
      // Do not keep a token whose user cannot be loaded.
      await tokenApi.clear().catch(() => undefined);
      dropCredentials();
      set(signedOut);
      throw error;
    }
  },

  async loadUser() {
    const user = (await authApi.me()).data;
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
    await authApi.logout().catch((error: unknown) => console.warn('Sign-out request failed', error));
    await tokenApi.clear().catch((error: unknown) => console.error('Could not delete the stored token', error));
    dropCredentials();
    clearDrafts();
    set({ ...signedOut, isLoading: false });
  },

  setCamera: (on) => set({ cameraOn: on }),
  setMic: (on) => set({ micOn: on }),
}));
