import { use, useState, type ReactElement, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { Button } from 'antd';
import styled from 'styled-components';
import { breakpoints, theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { FormHeading } from '@/components/common/FormHeading';
import { Wordmark } from '@/components/common/Wordmark';
import { withAntd } from '@/components/layout/AntdProvider';
import { SessionPendingContext } from '@/components/layout/sessionPending';

const Page = styled.div`
  min-height: 100vh;
  background:
    radial-gradient(circle at 50% -20%, rgba(121, 108, 255, 0.12), transparent 55%),
    ${colors.bgOnboarding};
`;

const Top = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  max-width: 1200px;
  margin: 0 auto;
  padding: 20px;

  @media (min-width: ${breakpoints.sm}px) {
    padding: 24px 40px;
  }
`;

const Account = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  font-size: 13px;
  color: ${colors.textSecondary};

  .email {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  @media (max-width: ${breakpoints.sm - 1}px) {
    .email {
      display: none;
    }
  }
`;

const Main = styled.main`
  max-width: 600px;
  margin: 0 auto;
  padding: 16px 16px 64px;

  @media (min-width: ${breakpoints.sm}px) {
    padding: 32px 24px 80px;
  }
`;

/** The white card that holds one onboarding step. */
export const StepCard = styled.section`
  padding: 28px 20px;
  border: 1px solid ${colors.border};
  border-radius: 16px;
  background: ${colors.white};
  box-shadow: 0 1px 2px rgba(22, 22, 29, 0.04), 0 12px 32px -16px rgba(22, 22, 29, 0.12);

  @media (min-width: ${breakpoints.sm}px) {
    padding: 36px 40px;
  }
`;

const Progress = styled.div<{ $step: number }>`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 6px;
  margin-bottom: 20px;

  span {
    height: 4px;
    border-radius: 2px;
    background: ${colors.borderStrong};
  }

  span:nth-child(-n + ${({ $step }) => $step}) {
    background: ${theme.primaryColor};
  }
`;

const ONBOARDING_STEPS = ['Your profile', 'Your hub'] as const;

/**
 * The title block of an onboarding step, with the two-step progress bar.
 * Without `step` it is a plain title: for people whose way in has no such
 * two steps (an invitation already made them a member; a second hub).
 */
export function StepHeading({ step, title, subtitle }: { step?: 1 | 2; title: string; subtitle?: ReactNode }) {
  return (
    <FormHeading
      title={title}
      subtitle={subtitle}
      above={
        step && (
          <>
            <Progress $step={step} aria-hidden="true">
              <span />
              <span />
            </Progress>
            <span className="eyebrow">
              Step {step} of {ONBOARDING_STEPS.length} · {ONBOARDING_STEPS[step - 1]}
            </span>
          </>
        )
      }
    />
  );
}

function SignOut() {
  const router = useRouter();
  const email = useAuthStore((s) => s.user?.email);
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    await useAuthStore.getState().logout();
    await router.replace('/sign-in');
  };
  return (
    <Account>
      {email && <span className="email">Signed in as {email}</span>}
      <Button type="text" size="small" onClick={signOut} loading={busy}>
        Sign out
      </Button>
    </Account>
  );
}

/** The screens between verification and the first hub: a calm page with one card. */
export function OnboardingLayout({ children }: { children: ReactNode }) {
  // Sign-out only once someone is known to be signed in.
  const pending = use(SessionPendingContext);
  return (
    <Page>
      <Top>
        <Wordmark />
        {!pending && <SignOut />}
      </Top>
      <Main>{children}</Main>
    </Page>
  );
}

/** `getLayout` for the onboarding pages. */
export const withOnboardingLayout = withAntd((page: ReactElement) => <OnboardingLayout>{page}</OnboardingLayout>);
