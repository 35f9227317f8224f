import { useState } from 'react';
import type { TwoFactorChallenge } from '@/lib/contract/auth';
import { googleLogoColors } from '@/lib/palette';
import { signInWithGoogle } from '@/client/firebase';
import { authApi } from '@/client/http/api';
import { errorMessage } from '@/client/http/clients';
import { getVisitorId } from '@/client/fingerprint';
import { Button } from '@/components/ui/Button';
import { useCompleteSignIn } from '../onboarding/useCompleteSignIn';

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path fill={googleLogoColors.yellow} d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill={googleLogoColors.red} d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill={googleLogoColors.green} d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill={googleLogoColors.blue} d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** "Continue with Google"; the sign-in form renders it only when the Firebase settings are present. */
export function GoogleButton({ onError, onTwoFactor }: {
  onError: (message: string | null) => void;
  /** The Google account has a second factor: the sign-in form shows its step. */
  onTwoFactor: (challenge: TwoFactorChallenge['two_factor']) => void;
}) {
  const completeSignIn = useCompleteSignIn();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    onError(null);
    try {
      const idToken = await signInWithGoogle();
      const { data } = await authApi.google(idToken, (await getVisitorId()) ?? undefined);
      if ('token' in data) await completeSignIn(data.token);
      else onTwoFactor(data.two_factor);
    } catch (e) {
      onError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button block icon={<GoogleMark />} loading={busy} onClick={onClick}>
      Continue with Google
    </Button>
  );
}
