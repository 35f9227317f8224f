import { useEffect, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { useShallow } from 'zustand/react/shallow';
import { guardDecision } from '@/lib/onboarding/guard';
import { useAuthStore } from '@/store/auth';
import { FullPageSpinner } from '@/components/layout/FullPageSpinner';

/**
 * The 'user' page rule for part of a public page: signed-out visitors go to
 * sign-in (and come back), others to their onboarding step. The session is
 * restored by the app's own guard; this only reads it.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const router = useRouter();
  const { isLoading, isAuthenticated, user } = useAuthStore(
    useShallow((s) => ({ isLoading: s.isLoading, isAuthenticated: s.isAuthenticated, user: s.user })),
  );
  // As in AuthGuard: signing out here goes to plain /sign-in, not back to this page.
  const [hadSession, setHadSession] = useState(false);
  if (isAuthenticated && !hadSession) setHadSession(true);
  const target =
    isLoading || !router.isReady
      ? null
      : guardDecision({
          access: 'user',
          path: router.asPath,
          isAuthenticated,
          user,
          signedOut: hadSession && !isAuthenticated,
        });

  useEffect(() => {
    if (target) void router.replace(target);
  }, [target, router]);

  if (isLoading || !router.isReady || target) return <FullPageSpinner />;
  return children;
}
