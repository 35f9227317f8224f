import { describeUserAgent } from '../../../lib/user-agent';
import { PASSKEY_NAME_MAX } from '../../../lib/contract/two-factor';

/** "Chrome 131 on macOS": where the passkey was made, as a name the person can change. */
export function defaultPasskeyName(userAgent: string | null | undefined): string {
  const { browser, os, label } = describeUserAgent(userAgent);
  return (browser || os ? label : 'Passkey').slice(0, PASSKEY_NAME_MAX);
}
