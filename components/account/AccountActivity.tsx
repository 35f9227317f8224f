import { useCallback } from 'react';
import { Skeleton, Tooltip, Typography, theme } from 'antd';
import styled from 'styled-components';
import { describeAuditEvent } from '@/lib/audit/describe-audit-event';
import type { AuditEvent } from '@/lib/contract/audit';
import { accountApi } from '@/client/http/account-api';
import { describeUserAgent } from '@/lib/user-agent';
import { LoadFailure } from '@/components/common/LoadFailure';
import { formatDateTime, formatWhen } from '@/components/common/format';
import { LoadMore } from '@/components/ui/LoadMore';
import { Panel } from '@/components/ui/Panel';
import { usePagedList } from '@/components/ui/usePagedList';

const Item = styled.li<{ $border: string; $muted: string; $alert: string }>`
  padding: 10px 0;
  border-bottom: 1px solid ${({ $border }) => $border};
  overflow-wrap: anywhere;

  &:last-child {
    border-bottom: 0;
  }

  &[data-warning='true'] strong {
    color: ${({ $alert }) => $alert};
  }

  strong {
    font-weight: 500;
  }

  p {
    margin: 2px 0 0;
    font-size: 13px;
    color: ${({ $muted }) => $muted};
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Events a person should look at twice. */
const warnings = new Set<AuditEvent['type']>(['sign_in_failed', 'two_factor_disabled', 'passkey_removed']);

/** The person's own recent account events: sign-ins, failed sign-ins, password, two-factor and session changes. */
export function AccountActivity() {
  const { token } = theme.useToken();
  const list = usePagedList<AuditEvent>({
    query: 'mine',
    fetchPage: (page) => accountApi.activity(page),
    keyOf: useCallback((event: AuditEvent) => event.id, []),
  });

  return (
    <Panel title="Recent account activity">
      {list.state === 'loading' && <Skeleton active paragraph={{ rows: 2 }} />}
      {list.state === 'failed' && <LoadFailure message="We could not load your account activity." error={list.error} onRetry={list.reload} />}
      {list.state === 'ready' && list.items.length === 0 && (
        <Typography.Paragraph type="secondary">Nothing has happened on your account yet.</Typography.Paragraph>
      )}
      {list.state === 'ready' && list.items.length > 0 && (
        <List aria-label="Account activity">
          {list.items.map((event) => (
            <Item
              key={event.id}
              data-warning={warnings.has(event.type)}
              $border={token.colorBorderSecondary}
              $muted={token.colorTextSecondary}
              $alert={token.colorError}
            >
              <strong>{describeAuditEvent(event)}</strong>
              <p>
                <Tooltip title={formatDateTime(event.created_at)}>
                  <time dateTime={event.created_at}>{formatWhen(event.created_at)}</time>
                </Tooltip>
                {[event.ip, event.user_agent ? describeUserAgent(event.user_agent).label : null]
                  .filter(Boolean)
                  .map((fact) => ` · ${fact}`)
                  .join('')}
              </p>
            </Item>
          ))}
        </List>
      )}
      <LoadMore list={list} />
    </Panel>
  );
}
