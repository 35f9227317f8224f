import styled from 'styled-components';
import type { Subscription } from '@/lib/contract/subscription';
import type { BadgeStatus } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { StatusBadge } from '@/components/common/StatusBadge';
import { formatBytes, formatCurrency } from '@/components/common/format';
import { UsageList, UsageMeter } from '@/components/billing/UsageMeter';
import { Panel } from '../ui/Panel';

const statusBadge: Record<Subscription['status'], { status: BadgeStatus; label: string }> = {
  active: { status: 'success', label: 'Active' },
  past_due: { status: 'warning', label: 'Past due' },
  cancelled: { status: 'error', label: 'Cancelled' },
};

const Name = styled.p`
  margin: 0 0 2px;
  font-size: 22px;
  font-weight: 600;
  letter-spacing: -0.01em;
  color: ${colors.heading};
`;

const Price = styled.p`
  margin: 0 0 16px;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

/** The active hub's plan: name, status, price and how much of it is used. */
export function PlanCard({ subscription, currency }: { subscription: Subscription; currency: string }) {
  const { plan, usage, limits, status } = subscription;
  const badge = statusBadge[status];
  return (
    <Panel title="Plan" aside={<StatusBadge status={badge.status}>{badge.label}</StatusBadge>}>
      <Name>{plan.name}</Name>
      <Price>
        {formatCurrency(plan.price, currency)} / {plan.interval}
      </Price>
      <UsageList>
        <UsageMeter label="Members" text={`${usage.members} of ${limits.members}`} used={usage.members} limit={limits.members} />
        <UsageMeter label="Spaces" text={`${usage.spaces} of ${limits.spaces}`} used={usage.spaces} limit={limits.spaces} />
        <UsageMeter
          label="Storage"
          text={`${formatBytes(usage.storage_bytes)} of ${formatBytes(limits.storage_bytes)}`}
          used={usage.storage_bytes}
          limit={limits.storage_bytes}
        />
      </UsageList>
    </Panel>
  );
}
