import { useState } from 'react';
import { Button, Typography } from 'antd';
import { billingApi } from '@/client/http/api';
import { errorMessage } from '@/client/http/clients';
import { useAuthStore } from '@/store/auth';
import { Panel } from '../ui/Panel';

/** Shown when the store has no subscription (spec §8: a failed load leaves it empty). */
export function PlanUnavailable() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await billingApi.subscription();
      useAuthStore.setState({ subscription: data, currency: data.currency });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="Plan">
      <Typography.Paragraph type="secondary">
        {error ?? 'The plan of this hub could not be loaded.'}
      </Typography.Paragraph>
      <Button onClick={retry} loading={busy} disabled={busy}>
        Try again
      </Button>
    </Panel>
  );
}
