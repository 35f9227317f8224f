import styled from 'styled-components';
import { plans, type PlanCode } from '@/lib/plans';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { Panel } from '@/components/ui/Panel';
import { StatusBadge } from '@/components/common/StatusBadge';
import { formatBytes, formatCurrency } from '@/components/common/format';

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

/** The plans side by side with their limits, the hub's own plan marked. */
export function PlanComparison({ currentPlan, currency }: { currentPlan: PlanCode | null; currency: string }) {
  return (
    <Panel title="Plans">
      <Grid aria-label="Plans">
        {Object.values(plans).map((plan) => (
          <Tier key={plan.code} $current={plan.code === currentPlan} aria-label={plan.name}>
            <h3>
              {plan.name}
              {plan.code === currentPlan && <StatusBadge status="success">Current plan</StatusBadge>}
            </h3>
            <p>
              {formatCurrency(plan.price, currency)} / {plan.interval}
            </p>
            <ul>
              <li>{plan.limits.members} members</li>
              <li>{plan.limits.spaces} spaces</li>
              <li>{formatBytes(plan.limits.storage_bytes)} storage</li>
            </ul>
          </Tier>
        ))}
      </Grid>
    </Panel>
  );
}
