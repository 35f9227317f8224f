import { useEffect, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import styled from 'styled-components';
import { useShallow } from 'zustand/react/shallow';
import { guardDecision } from '@/lib/onboarding/guard';
import type { PageAccess } from '@/lib/page';
import { useAuthStore } from '@/store/auth';
import { FullPageSpinner } from './FullPageSpinner';
import { OfflineNotice } from './OfflineNotice';

/** Disables every control inside while leaving the layout untouched. */
const PendingFieldset = styled.fieldset`
  display: contents;
`;

/**
 * Restores the session once, then keeps the visitor on pages they may see:
 * signed-out visitors away from user pages, signed-in users away from guest
 * pages and onto their onboarding step (lib/onboarding/guard.ts decides).
 */
export function AuthGuard({ access, children }: { access: PageAccess; children: ReactNode }) {
  const router = useRouter();
  const { isLoading, isAuthenticated, user } = useAuthStore(
    useShallow((s) => ({ isLoading: s.isLoading, isAuthenticated: s.isAuthenticated, user: s.user })),
  );
  // Remembers that this tab had a session, so signing out goes to plain /sign-in.
  const [hadSession, setHadSession] = useState(false);
  if (isAuthenticated && !hadSession) setHadSession(true);

  useEffect(() => {
    void useAuthStore.getState().initialize();
  }, []);

  const pending = isLoading || !router.isReady;
  const target = pending
    ? null
    : guardDecision({ access, path: router.asPath, isAuthenticated, user, signedOut: hadSession && !isAuthenticated });

  useEffect(() => {
    if (target) void router.replace(target);
  }, [target, router]);

  return (
    <>
      {/* While the server cannot be reached the visitor stays on this page, told so, until start-up gets through. */}
      <OfflineNotice />
      <Guarded access={access} pending={pending} redirecting={target !== null}>
        {children}
      </Guarded>
    </>
  );
}

interface GuardedProps {
  access: PageAccess;
  pending: boolean;
  redirecting: boolean;
  children: ReactNode;
}

function Guarded({ access, pending, redirecting, children }: GuardedProps) {
  if (access === 'public') return children;
  if (redirecting) return <FullPageSpinner />;
  // A guest page (sign-in…) is in the server's HTML at once; its controls wait
  // until the session is known, so nothing typed before hydration is lost and
  // a signed-in visitor cannot use the form on the way out.
  if (access === 'guest') return <PendingFieldset disabled={pending} aria-busy={pending}>{children}</PendingFieldset>;
  if (pending) return <FullPageSpinner />;
  return children;
}
