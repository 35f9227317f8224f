import { useState } from 'react';
import Link from 'next/link';
import { Alert, Skeleton, Switch, Typography } from 'antd';
import styled from 'styled-components';
import type { MyHub } from '@/lib/contract/hubs';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { hubTwoFactorApi } from '@/client/http/two-factor-api';
import { LoadFailure } from '@/components/common/LoadFailure';
import { Panel } from '@/components/ui/Panel';
import { useLoad } from '@/components/ui/useLoad';

const Setting = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  cursor: pointer;

  strong {
    display: block;
    color: ${colors.heading};
  }

  span {
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

/**
 * The hub's "Security" panel (owners): require two-factor sign-in of every
 * member. Members without it are sent to set it up before they can use the
 * hub again; the owner must have it first.
 */
export function HubTwoFactorPolicy({ hub }: { hub: MyHub }) {
  const handle = hub.domain_handle;
  const { load, retry, replace } = useLoad(handle, async (key) => (await hubTwoFactorApi.get(key)).data);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const change = async (required: boolean) => {
    setSaving(true);
    setProblem(null);
    try {
      replace((await hubTwoFactorApi.set(handle, required)).data);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel title="Security">
      {load.state === 'loading' && <Skeleton active paragraph={{ rows: 2 }} />}
      {(load.state === 'failed' || load.state === 'missing' || load.state === 'forbidden') && (
        <LoadFailure message="We could not load the hub's sign-in requirement." error={load.message} onRetry={retry} />
      )}
      {load.state === 'ready' && (
        <>
          <Setting>
            <Switch
              checked={load.value.required}
              loading={saving}
              disabled={saving || (!load.value.required && !load.value.you_have_two_factor)}
              onChange={(required) => void change(required)}
              aria-describedby="hub-two-factor-explained"
            />
            <div>
              <strong>Require two-factor sign-in</strong>
              <span id="hub-two-factor-explained">
                Every member must sign in with an authenticator app or a passkey. Members without it are asked to set it up
                and cannot open the hub until they do.
              </span>
            </div>
          </Setting>
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }} role="status">
            {load.value.members_without_two_factor === 0
              ? 'Every member has two-factor sign-in.'
              : `${load.value.members_without_two_factor} ${load.value.members_without_two_factor === 1 ? 'member has' : 'members have'} not set up two-factor sign-in${load.value.required ? ' and cannot open the hub until they do' : ''}.`}
          </Typography.Paragraph>
          {!load.value.you_have_two_factor && !load.value.required && (
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 12 }}
              title={<>To require it of everyone, first <Link href="/account/security">set up two-factor sign-in</Link> for your own account.</>}
            />
          )}
          {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} />}
        </>
      )}
    </Panel>
  );
}
