import { lazy, Suspense, useState } from 'react';
import { useRequestStore } from '@/store/request';

// antd's toasts load with the first message, so pages without antd do not ship them.
const RequestToasts = lazy(() => import('./RequestToasts'));

/** Shows the request store's messages as toasts. */
export function RequestMessages() {
  const pending = useRequestStore((s) => s.message !== null);
  // Stays mounted after the first message: unmounting would take the toast shown off the screen.
  const [needed, setNeeded] = useState(false);
  if (pending && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <RequestToasts />
    </Suspense>
  ) : null;
}
