import { decoyPasswordHash, verifyPassword } from '../../lib/passwords';

/**
 * True when the password matches the user's hash. Without a user or a hash
 * (unknown email, Google-only account) a decoy hash is checked instead, so the
 * answer takes as long as a real check and timing does not reveal accounts.
 */
export async function checkPassword(opts: {
  user: { passwordHash: string | null } | undefined;
  password: string;
}): Promise<boolean> {
  const hash = opts.user?.passwordHash;
  if (!hash) {
    await verifyPassword(await decoyPasswordHash(), opts.password);
    return false;
  }
  return verifyPassword(hash, opts.password);
}
