import { contentStatusBadge, type ContentStatus } from '@/lib/contract/contents';
import { StatusBadge } from '@/components/common/StatusBadge';
import { statusLabels } from './kinds';

/** queued = info, processing = warning, ready = success, failed = error (the spec's badge style). */
export function ContentStatusBadge({ status }: { status: ContentStatus }) {
  return <StatusBadge status={contentStatusBadge[status]}>{statusLabels[status]}</StatusBadge>;
}
