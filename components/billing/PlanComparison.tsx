import { useState } from 'react';
import { Button } from 'antd';
import styled from 'styled-components';
import type { Subscription } from '@/lib/contract/billing';
import { directionOf, planChangeRefusal } from '@/lib/plan-change';
import { planCodes, plans, type PlanCode } from '@/lib/plans';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { Panel } from '@/components/ui/Panel';
import { StatusBadge } from '@/components/common/StatusBadge';
import { formatPrice } from '@/components/common/format';
import { formatBytes } from '@/lib/format-bytes';
import { changeLabel, PlanChangeModal } from './PlanChangeModal';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Tier = styled.li<{ $current: boolean }>`
  padding: 16px;
  border: 1px solid ${({ $current }) => ($current ? theme.primaryColor : colors.borderStrong)};
  border-radius: 10px;
  background: ${({ $current }) => ($current ? colors.primaryBg : colors.white)};

  h3 {
    display: flex;
    align-items: center;
    justify-content: space-between;
    margin: 0 0 4px;
    font-size: 16px;
    font-weight: 600;
  }

  p {
    margin: 0 0 10px;
    color: ${colors.textSecondary};
  }

  ul {
    margin: 0;
    padding-left: 18px;
    color: ${colors.text};
  }
`;

const Note = styled.p`
  margin: 0 0 14px;
  color: ${colors.textSecondary};
`;

/**
 * The plans side by side with their limits, the hub's own plan marked. Whoever
 * may change the plan gets a button on each of the others, which opens the
 * confirmation; everyone else is told whom to ask.
 */
export function PlanComparison({ subscription, currency, onChanged }: {
  subscription: Subscription | null;
  currency: string;
  onChanged(subscription: Subscription): void;
}) {
  const [choice, setChoice] = useState<PlanCode | null>(null);
  const current = planCodes.find((code) => code === subscription?.plan.code) ?? null;
  const rights = subscription?.change;
  const canChange = Boolean(current && rights?.allowed);
  return (
    <Panel title="Plans">
      {subscription && rights && !rights.allowed && <Note>{planChangeRefusal(rights, subscription.owner)}</Note>}
      {subscription && rights?.allowed && rights.provider === 'manual' && (
        <Note>Changes apply at once. No payment is taken on this server.</Note>
      )}
      <Grid aria-label="Plans">
        {Object.values(plans).map((plan) => (
          <Tier key={plan.code} $current={plan.code === current} aria-label={plan.name}>
            <h3>
              {plan.name}
              {plan.code === current && !canChange && <StatusBadge status="success">Current plan</StatusBadge>}
            </h3>
            <p>{formatPrice(plan, currency)}</p>
            <ul>
              <li>{plan.limits.members} members</li>
              <li>{plan.limits.spaces} spaces</li>
              <li>{formatBytes(plan.limits.storage_bytes)} storage</li>
            </ul>
            {current && canChange && (
              <Button
                block
                type={directionOf(current, plan.code) === 'upgrade' ? 'primary' : 'default'}
                disabled={plan.code === current}
                onClick={() => setChoice(plan.code)}
                style={{ marginTop: 14 }}
              >
                {plan.code === current ? 'Current plan' : changeLabel(plan.code, directionOf(current, plan.code))}
              </Button>
            )}
          </Tier>
        ))}
      </Grid>
      {choice && (
        <PlanChangeModal
          plan={choice}
          currency={currency}
          onClose={() => setChoice(null)}
          onChanged={(changed) => {
            setChoice(null);
            onChanged(changed);
          }}
        />
      )}
    </Panel>
  );
}
