import type { SecondFactorMethod, TwoFactorChallenge } from '@/lib/contract/auth';
import type { MockDb, MockUser } from './state';

/** In mock mode the authenticator app always shows this code (like the verification codes). */
export const MOCK_TOTP_CODE = '123456';

export interface MockPasskey {
  id: string;
  credentialId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface MockSecondFactors {
  /** Set once set-up started; the app "shows" MOCK_TOTP_CODE for it. */
  totpSecret: string | null;
  totpEnabledAt: string | null;
  recoveryCodes: Array<{ code: string; used: boolean }>;
  passkeys: MockPasskey[];
}

/** Plain data, kept in MockData like the rest of the mock's state. */
export interface MockTwoFactorData {
  /** user id → their second factors */
  accounts: Record<string, MockSecondFactors>;
  /** pending sign-in token → whose it is and how many tries it used */
  pending: Record<string, { userId: string; attempts: number }>;
  /** ids of hubs that require two-factor sign-in */
  requiredHubs: string[];
}

/** The mock's two-factor data, made on first use (older stored mock data has none). */
export function twoFactorData(db: MockDb): MockTwoFactorData {
  db.data.twoFactor ??= { accounts: {}, pending: {}, requiredHubs: [] };
  return db.data.twoFactor;
}

export function secondFactorsOf(db: MockDb, userId: string): MockSecondFactors {
  const data = twoFactorData(db);
  data.accounts[userId] ??= { totpSecret: null, totpEnabledAt: null, recoveryCodes: [], passkeys: [] };
  return data.accounts[userId];
}

export const hasMockTwoFactor = (db: MockDb, userId: string): boolean => {
  const factors = twoFactorData(db).accounts[userId];
  return Boolean(factors && (factors.totpEnabledAt || factors.passkeys.length > 0));
};

export const hubRequiresTwoFactor = (db: MockDb, hubId: string): boolean =>
  twoFactorData(db).requiredHubs.includes(hubId);

/** The auth/me/ flags. */
export function twoFactorFlags(db: MockDb, userId: string): { two_factor_enabled: boolean; two_factor_required: boolean } {
  const enabled = hasMockTwoFactor(db, userId);
  const required = !enabled && db.hubsOf(userId).some((hub) => hubRequiresTwoFactor(db, hub.id));
  return { two_factor_enabled: enabled, two_factor_required: required };
}

/** The second factors the person has set up, as the API lists them (recovery codes only beside a real one). */
export function mockSecondFactorMethods(db: MockDb, userId: string): SecondFactorMethod[] {
  const factors = twoFactorData(db).accounts[userId];
  if (!factors || !hasMockTwoFactor(db, userId)) return [];
  const methods: SecondFactorMethod[] = [];
  if (factors.totpEnabledAt) methods.push('totp');
  if (factors.passkeys.length > 0) methods.push('passkey');
  if (factors.recoveryCodes.some((c) => !c.used)) methods.push('recovery_code');
  return methods;
}

/** A sign-in whose person has a second factor answers with a pending sign-in instead of a session. */
export function twoFactorChallengeFor(db: MockDb, user: MockUser): TwoFactorChallenge | null {
  const methods = mockSecondFactorMethods(db, user.id);
  if (methods.length === 0) return null;
  const token = `pending-${db.newId()}`;
  twoFactorData(db).pending[token] = { userId: user.id, attempts: 0 };
  return { two_factor: { token, methods } };
}
