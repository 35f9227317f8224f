import { useState } from 'react';
import { twoFactorSignInApi } from '@/client/http/two-factor-api';
import { useCompleteSignIn } from '@/components/onboarding/useCompleteSignIn';
import { errorMessage } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import { Button } from '@/components/ui/Button';
import { KeyIcon } from '@/components/ui/icons';

// The WebAuthn library is only needed once the button is pressed, not with the sign-in page.
const loadCeremony = () => import('./passkeyCeremony');

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for
 * this site, and one that verifies the person signs in without a password.
 */
export function PasskeySignInButton({ onError }: { onError: (message: string | null) => void }) {
  const completeSignIn = useCompleteSignIn();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    onError(null);
    const ceremony = loadCeremony();
    try {
      const { data: options } = await twoFactorSignInApi.passkeyOptions();
      const credential = await (await ceremony).getPasskeyAssertion(options);
      const { data } = await twoFactorSignInApi.passkeySignIn(credential, (await getVisitorId()) ?? undefined);
      await completeSignIn(data.token);
    } catch (e) {
      onError(await ceremony.then((c) => c.passkeyErrorMessage(e), () => errorMessage(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button block icon={<KeyIcon />} loading={busy} onClick={onClick}>
      Sign in with a passkey
    </Button>
  );
}
