/**
 * The secret of this browser's sign-up, per address. The emailed code verifies
 * the account only together with it, so a stranger who signs up again with
 * the same address cannot get their password verified by the owner's code.
 * Kept in localStorage so a reload or a second tab can still verify.
 */
const keyOf = (email: string) => `convene:registration:${email.trim().toLowerCase()}`;

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

export function rememberRegistration(email: string, registration: string): void {
  storage()?.setItem(keyOf(email), registration);
}

export function registrationFor(email: string): string | undefined {
  return storage()?.getItem(keyOf(email)) ?? undefined;
}

export function forgetRegistration(email: string): void {
  storage()?.removeItem(keyOf(email));
}
