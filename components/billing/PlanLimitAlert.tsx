import Link from 'next/link';
import { Alert } from 'antd';

/**
 * A plan limit is not something the form can fix: say what happened and
 * where the hub's usage is shown.
 */
export function PlanLimitAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="Your plan limit is reached"
      description={
        <>
          {message} <Link href="/hub/settings#usage">See this hub’s usage</Link>
        </>
      }
      style={{ marginBottom: 20 }}
    />
  );
}
