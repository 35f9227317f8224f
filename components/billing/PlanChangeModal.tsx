import { useState } from 'react';
import { Alert, App, Button, Modal, Skeleton } from 'antd';
import styled from 'styled-components';
import type { PlanChange, Subscription } from '@/lib/contract/billing';
import { plans, type PlanCode } from '@/lib/plans';
import { colors } from '@/lib/palette';
import { billingApi } from '@/client/http/api';
import { errorMessage } from '@/client/http/clients';
import { useLoad } from '@/components/ui/useLoad';
import { formatPrice } from '@/components/common/format';
import { formatBytes } from '@/lib/format-bytes';

const Changes = styled.table`
  width: 100%;
  margin: 4px 0 16px;
  border-collapse: collapse;

  th,
  td {
    padding: 8px 0;
    border-bottom: 1px solid ${colors.borderStrong};
    text-align: left;
    font-size: 14px;
  }

  th {
    font-weight: 500;
    color: ${colors.textSecondary};
  }

  td {
    color: ${colors.heading};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

/** "Upgrade to Team" or "Switch to Free": the action a plan's button and the confirmation name. */
export const changeLabel = (to: PlanCode, direction: PlanChange['direction']) =>
  `${direction === 'upgrade' ? 'Upgrade' : 'Switch'} to ${plans[to].name}`;

function ChangeTable({ change, currency }: { change: PlanChange; currency: string }) {
  const rows = [
    ['Price', formatPrice(change.from, currency), formatPrice(change.to, currency)],
    ['Members', String(change.from.limits.members), String(change.to.limits.members)],
    ['Spaces', String(change.from.limits.spaces), String(change.to.limits.spaces)],
    ['Storage', formatBytes(change.from.limits.storage_bytes), formatBytes(change.to.limits.storage_bytes)],
  ] as const;
  return (
    <Changes aria-label="What changes">
      <tbody>
        {rows.map(([label, from, to]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>
              {from} → {to}
            </td>
          </tr>
        ))}
      </tbody>
    </Changes>
  );
}

/**
 * The confirmation of a plan change: what changes first (price and limits,
 * before and after), then the button. A change the hub's usage does not fit
 * shows what to clear first and cannot be confirmed.
 */
export function PlanChangeModal({ plan, currency, onClose, onChanged }: {
  plan: PlanCode;
  currency: string;
  onClose(): void;
  onChanged(subscription: Subscription): void;
}) {
  const { message } = App.useApp();
  // The modal is opened anew for each plan, so the fetcher's `plan` is the key's.
  const { load, retry } = useLoad(plan, async () => (await billingApi.previewPlanChange(plan)).data);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = load.state === 'ready' ? load.value : null;
  const blocked = change !== null && change.over_limits.length > 0;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await billingApi.changePlan(plan);
      if (result.data.outcome === 'redirect') {
        // The payments provider takes the payment; its webhook applies the change.
        window.location.assign(result.data.redirect_url);
        return;
      }
      void message.success(result.message ?? `The hub is now on the ${plans[plan].name} plan.`);
      onChanged(result.data.subscription);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  const title = change ? changeLabel(plan, change.direction) : `Change to ${plans[plan].name}`;
  return (
    <Modal open title={title} onCancel={busy ? undefined : onClose} footer={null} destroyOnHidden mask={{ closable: !busy }}>
      {load.state === 'loading' && <Skeleton active paragraph={{ rows: 3 }} />}
      {load.state !== 'loading' && load.state !== 'ready' && (
        <Alert
          type="error"
          showIcon
          title={load.message}
          action={
            <Button size="small" onClick={retry}>
              Try again
            </Button>
          }
        />
      )}
      {change && (
        <>
          <ChangeTable change={change} currency={currency} />
          {blocked && (
            <Alert
              type="warning"
              showIcon
              title={`This hub does not fit the ${change.to.name} plan yet`}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {change.over_limits.map((over) => (
                    <li key={over.limit}>{over.message}</li>
                  ))}
                </ul>
              }
              style={{ marginBottom: 16 }}
            />
          )}
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Actions>
            <Button onClick={onClose} disabled={busy}>
              {blocked ? 'Back to plans' : 'Cancel'}
            </Button>
            {!blocked && (
              <Button type="primary" loading={busy} disabled={busy} onClick={confirm}>
                {changeLabel(plan, change.direction)}
              </Button>
            )}
          </Actions>
        </>
      )}
    </Modal>
  );
}
