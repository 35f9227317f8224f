import type { Config } from '../../config';
import { openSecret, sealSecret } from '../../lib/secret-box';

/** Names the key of the authenticator-app secrets; another purpose's key cannot open them. */
const PURPOSE = 'totp-secret';

export const sealTotpSecret = (config: Config, secret: string) =>
  sealSecret({ serverSecret: config.jwtSecret, purpose: PURPOSE, plaintext: secret });

/** The base32 secret of the person's authenticator app (pending or enabled), or null when there is none or it cannot be opened. */
export const openTotpSecret = (config: Config, sealed: string | null) =>
  sealed ? openSecret({ serverSecret: config.jwtSecret, purpose: PURPOSE, sealed }) : null;
