import type { Subscription } from '@/lib/contract/billing';
import { formatBytes } from '@/lib/format-bytes';
import { UsageList, UsageMeter } from './UsageMeter';

/** Members, spaces and storage against the plan's limits. */
export function PlanUsageMeters({ subscription }: { subscription: Pick<Subscription, 'usage' | 'limits'> }) {
  const { usage, limits } = subscription;
  return (
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
  );
}
