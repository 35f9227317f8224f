import { useCallback } from 'react';
import { Skeleton, Tooltip, Typography } from 'antd';
import styled from 'styled-components';
import type { UnansweredQuestion } from '@/lib/contract/ask';
import type { MyHub } from '@/lib/contract/hubs';
import { colors } from '@/lib/palette';
import { askApi } from '@/client/http/ask-api';
import { EmptyState } from '@/components/common/EmptyState';
import { formatDateTime, formatWhen } from '@/components/common/format';
import { LoadFailure } from '@/components/common/LoadFailure';
import { LoadMore } from '@/components/ui/LoadMore';
import { Panel } from '@/components/ui/Panel';
import { usePagedList } from '@/components/ui/usePagedList';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: 2px;
    padding: 10px 0;
    border-top: 1px solid ${colors.divider};
  }

  .question {
    font-size: 14px;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .meta {
    font-size: 12px;
    color: ${colors.textSecondary};
  }
`;

/** What people asked that the hub could not answer, newest first: content worth writing (owners). */
export function UnansweredQuestions({ hub }: { hub: MyHub }) {
  const list = usePagedList<UnansweredQuestion>({
    query: hub.domain_handle,
    fetchPage: (page) => askApi.unanswered(page),
    keyOf: useCallback((q: UnansweredQuestion) => q.id, []),
  });

  return (
    <Panel title="Unanswered questions">
      <Typography.Paragraph type="secondary">
        Questions members asked that the hub’s content could not answer. Each is something worth writing down.
      </Typography.Paragraph>
      {list.state === 'loading' && <Skeleton active paragraph={{ rows: 3 }} />}
      {list.state === 'failed' && <LoadFailure message="We could not load the unanswered questions." error={list.error} onRetry={list.reload} />}
      {list.state === 'ready' && list.items.length === 0 && (
        <EmptyState title="Nothing unanswered">When a question finds no answer in the hub’s spaces, it shows here.</EmptyState>
      )}
      {list.state === 'ready' && list.items.length > 0 && (
        <List aria-label="Unanswered questions">
          {list.items.map((q) => (
            <li key={q.id}>
              <span className="question">{q.question}</span>
              <span className="meta">
                <Tooltip title={formatDateTime(q.asked_at)}>
                  <time dateTime={q.asked_at}>{formatWhen(q.asked_at)}</time>
                </Tooltip>
                {' · '}
                {q.space ? q.space.name : 'All spaces'}
              </span>
            </li>
          ))}
        </List>
      )}
      <LoadMore list={list} />
    </Panel>
  );
}
