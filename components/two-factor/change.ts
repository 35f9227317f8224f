/**
 * What a change of the two-factor settings brought that the page shows
 * next: new recovery codes (shown once), and, when it turned two-factor
 * sign-in on, how many other sessions predate it (offered to sign out).
 */
export interface TwoFactorChange {
  recoveryCodes?: string[];
  otherSessions?: number | null;
}
