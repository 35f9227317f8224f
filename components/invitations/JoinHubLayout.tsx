import type { ReactElement, ReactNode } from 'react';
import { useRouter } from 'next/router';
import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '@/store/auth';
import { AuthLayout } from '@/components/layout/AuthLayout';
import { withAntd } from '@/components/layout/AntdProvider';
import { FullPageSpinner } from '@/components/layout/FullPageSpinner';
import { OnboardingLayout } from '@/components/onboarding/OnboardingLayout';

/**
 * /join-hub?invitation=… is open to signed-out visitors: they get the sign-in
 * screens' layout. Everything else on /join-hub is for signed-in users and
 * keeps the onboarding layout (so signing out there does not swap layouts
 * under the page).
 */
function JoinHubLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const { isLoading, isAuthenticated } = useAuthStore(
    useShallow((s) => ({ isLoading: s.isLoading, isAuthenticated: s.isAuthenticated })),
  );
  if (isLoading) return <FullPageSpinner />;
  const visitor = !isAuthenticated && typeof router.query.invitation === 'string';
  return visitor ? <AuthLayout>{children}</AuthLayout> : <OnboardingLayout>{children}</OnboardingLayout>;
}

export const withJoinHubLayout = withAntd((page: ReactElement) => <JoinHubLayout>{page}</JoinHubLayout>);
