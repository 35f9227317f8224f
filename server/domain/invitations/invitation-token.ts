import { INVITATION_TTL_DAYS } from '../../../lib/contract/invitations';
import { randomToken, sha256 } from '../../lib/tokens';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new secret for an invitation link: the token goes in the email, only its hash and expiry are stored. */
export function issueInvitationToken(now = new Date()) {
  const token = randomToken();
  return {
    token,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
  };
}

/** The stored hash for a token from a link, or null for strings no link ever carried. */
export const invitationTokenHash = (token: string) => (TOKEN_PATTERN.test(token) ? sha256(token) : null);
