import { memo, useDeferredValue, useEffect, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import styled from 'styled-components';
import { useShallow } from 'zustand/react/shallow';
import { guardDecision } from '@/lib/onboarding/guard';
import type { PageAccess } from '@/lib/page';
import { useAuthStore } from '@/store/auth';
import { OfflineNotice } from './OfflineNotice';
import { PageSkeleton } from './PageSkeleton';
import { SessionPendingContext } from './sessionPending';

/** Disables every control inside while leaving the layout untouched. */
const PendingFieldset = styled.fieldset`
  display: contents;
`;

const noSubscription = () => () => undefined;

/** False on the server and while the page hydrates, true from then on. */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

type Layout = (page: ReactElement) => ReactNode;
const withoutLayout: Layout = (page) => page;

interface AuthGuardProps {
  access: PageAccess;
  /** The page's layout; drawn at once, also while the session is restored. */
  layout?: Layout;
  /** False until the API can be called (the mock API starting in development); the session is restored after. */
  apiReady?: boolean;
  children: ReactElement;
}

/**
 * Restores the session once, then keeps the visitor on pages they may see:
 * signed-out visitors away from user pages, signed-in users away from guest
 * pages and onto their onboarding step (lib/onboarding/guard.ts decides).
 */
export function AuthGuard({ access, layout = withoutLayout, apiReady = true, children }: AuthGuardProps) {
  const router = useRouter();
  const hydrated = useHydrated();
  const { isLoading, isAuthenticated, user, restoring } = useAuthStore(
    useShallow((s) => ({ isLoading: s.isLoading, isAuthenticated: s.isAuthenticated, user: s.user, restoring: s.restoring })),
  );
  // Remembers that this tab had a session, so signing out goes to plain /sign-in.
  const [hadSession, setHadSession] = useState(false);
  if (isAuthenticated && !hadSession) setHadSession(true);

  useEffect(() => {
    if (apiReady) void useAuthStore.getState().initialize();
  }, [apiReady]);

  const pending = isLoading || !router.isReady;
  const target = pending
    ? null
    : guardDecision({ access, path: router.asPath, isAuthenticated, user, signedOut: hadSession && !isAuthenticated });

  useEffect(() => {
    if (target) void router.replace(target);
  }, [target, router]);

  const redirecting = target !== null;
  const mustWait = pending || redirecting;
  // Hiding the page is urgent; showing it is not: a lazily loaded layout (the
  // hub home's shell) may still be waiting for its code when the session is
  // known, and React keeps its server HTML on screen for a deferred update
  // where an urgent one would swap it for the Suspense fallback.
  const waiting = useDeferredValue(mustWait) || mustWait;

  return (
    <>
      {/* While the server cannot be reached the visitor stays on this page, told so, until start-up gets through. */}
      <OfflineNotice />
      <Guarded
        access={access}
        layout={layout}
        waiting={waiting}
        apiReady={apiReady}
        formBusy={access === 'guest' && (!hydrated || restoring || redirecting)}
      >
        {children}
      </Guarded>
    </>
  );
}

interface GuardedProps {
  access: PageAccess;
  layout: Layout;
  /** A user page cannot be shown yet: the session is being restored, or the visitor is being sent on. */
  waiting: boolean;
  apiReady: boolean;
  /** A guest page's form cannot be used yet: not hydrated, a stored session is being restored, or the visitor is sent on. */
  formBusy: boolean;
  children: ReactElement;
}

/**
 * Memoised, so that the session store's steps re-render it only when what it
 * shows changes: any re-render would reach a lazily loaded layout still
 * waiting to hydrate, and an urgent one replaces its server HTML.
 */
const Guarded = memo(function Guarded({ access, layout, waiting, apiReady, formBusy, children }: GuardedProps) {
  // No page may call the API before it can answer; the layout is drawn meanwhile.
  if (!apiReady) return <SessionPendingContext value>{layout(<PageSkeleton />)}</SessionPendingContext>;
  if (access === 'public') return layout(children);
  if (access === 'guest') {
    // The form is in the server's HTML and usable from hydration on, without
    // waiting for the session check (typed before hydration it would be lost,
    // and submitted natively). Only a stored session found, or the redirect it
    // leads to, keeps it disabled: a signed-in visitor cannot use it on the way out.
    return (
      <PendingFieldset disabled={formBusy} aria-busy={formBusy}>
        {layout(children)}
      </PendingFieldset>
    );
  }
  // A user page draws its layout at once, placeholders in it, and its content
  // only once the session is known and lets the visitor stay. The layout stays
  // mounted when the content arrives.
  return <SessionPendingContext value={waiting}>{layout(waiting ? <PageSkeleton /> : children)}</SessionPendingContext>;
});
