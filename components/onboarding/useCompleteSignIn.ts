import { useCallback } from 'react';
import { useRouter } from 'next/router';
import { useAuthStore } from '@/store/auth';
import { landingPathFor } from '@/lib/onboarding/guard';

/** Stores a fresh session token, loads the user and sends them to their current step. */
export function useCompleteSignIn() {
  const router = useRouter();
  return useCallback(
    async (token: string) => {
      const user = await useAuthStore.getState().login(token);
      await router.replace(landingPathFor(user, router.query.next));
    },
    [router],
  );
}
