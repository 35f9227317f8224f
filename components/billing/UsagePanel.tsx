import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { billingApi } from '@/client/http/api';
import { errorMessage } from '@/client/http/clients';
import { useAuthStore } from '@/store/auth';
import { Panel } from '@/components/ui/Panel';
import { PlanUsageMeters } from './PlanUsageMeters';

const Plan = styled.p`
  margin: 0 0 14px;
  font-size: 14px;
  color: ${colors.text};

  strong {
    font-weight: 600;
    color: ${colors.heading};
  }
`;

/**
 * How much of the plan the hub uses (members, spaces and storage), fetched fresh when
 * shown, so it counts what was added since sign-in.
 */
export function UsagePanel() {
  const subscription = useAuthStore((s) => s.subscription);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ attempt: number; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    billingApi.subscription().then(
      ({ data }) => {
        if (live) useAuthStore.setState({ subscription: data, currency: data.currency });
      },
      (e: unknown) => live && setFailure({ attempt, message: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const failed = failure?.attempt === attempt;
  return (
    <Panel title="Usage" id="usage">
      {failed && (
        <Alert
          type="error"
          showIcon
          title={`We could not load this hub’s usage. ${failure.message}`}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          }
        />
      )}
      {!failed && !subscription && <Skeleton active paragraph={{ rows: 2 }} />}
      {!failed && subscription && (
        <>
          <Plan>
            <strong>{subscription.plan.name}</strong> plan
          </Plan>
          <PlanUsageMeters subscription={subscription} />
        </>
      )}
    </Panel>
  );
}
