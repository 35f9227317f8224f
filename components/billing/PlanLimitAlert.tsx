import Link from 'next/link';
import { Alert } from 'antd';
import styled from 'styled-components';
import { planAbove, planCodes } from '@/lib/plans';
import { useAuthStore } from '@/store/auth';
import { ButtonLink } from '@/components/common/ButtonLink';

const UpgradeLink = styled(ButtonLink)`
  width: auto;
  height: 32px;
  font-size: 14px;
  white-space: nowrap;
`;

/**
 * A plan limit is not something the form can fix. The API's sentence is
 * written for the reader (upgrade, or whom to ask); whoever may change the
 * plan also gets the way to Billing, the others a look at the hub's usage.
 */
export function PlanLimitAlert({ message }: { message: string | null }) {
  const subscription = useAuthStore((s) => s.subscription);
  if (!message) return null;
  const current = planCodes.find((code) => code === subscription?.plan.code);
  const next = current && subscription?.change.allowed ? planAbove(current) : null;
  return (
    <Alert
      type="warning"
      showIcon
      title="This hub’s plan is full"
      description={
        <>
          {message}{' '}
          {!next && <Link href="/hub/settings#usage">See this hub’s usage</Link>}
        </>
      }
      action={next && <UpgradeLink href="/hub/billing">Upgrade to {next.name}</UpgradeLink>}
      style={{ marginBottom: 20 }}
    />
  );
}
