import Link from 'next/link';
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import styled from 'styled-components';
import type { RecentContent } from '@/lib/contract/home';
import { colors } from '@/lib/palette';
import { EmptyState } from '@/components/common/EmptyState';
import { formatWhen } from '@/components/common/format';
import { ContentStatusBadge } from '@/components/contents/ContentStatusBadge';
import { KindTile } from '@/components/contents/KindTile';
import { Panel } from '@/components/ui/Panel';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled(Link)`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  height: 100%;
  padding: 12px 14px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  color: ${colors.text};
  transition: border-color 0.2s, background 0.2s;

  &:hover,
  &:focus-visible {
    border-color: ${colors.primaryBorder};
    background: ${colors.primaryBg};
    color: ${colors.text};
  }

  .text {
    display: grid;
    gap: 4px;
    min-width: 0;
  }

  strong {
    overflow: hidden;
    font-weight: 500;
    color: ${colors.heading};
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .meta {
    overflow: hidden;
    font-size: 13px;
    color: ${colors.textSecondary};
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

// The home lists no files, so no thumbnail: each item shows its kind's tile.
const NO_URLS = { view: null, download: null, thumbnail: null };

/** Where an item opens: its space, at the item. */
export const itemHref = (item: Pick<RecentContent, 'id' | 'space'>) =>
  `/spaces/${item.space.id}?${new URLSearchParams({ content: item.id }).toString()}`;

interface RecentItemsProps {
  /** Null while loading. */
  items: RecentContent[] | null;
  spaceCount: number;
  mayCreateSpace: boolean;
}

/** What changed last in the person's spaces, newest first: the first thing the hub home shows. */
export function RecentItems({ items, spaceCount, mayCreateSpace }: RecentItemsProps) {
  return (
    <Panel title="Recent">
      {items === null && <Skeleton active paragraph={{ rows: 2 }} aria-busy="true" />}
      {items?.length === 0 && (
        <EmptyState
          icon={<ClockCircleOutlined />}
          title={spaceCount === 0 ? 'Start with a space' : 'Nothing here yet'}
          action={spaceCount === 0 && mayCreateSpace && <Button href="#spaces">Go to Spaces</Button>}
        >
          {spaceCount === 0
            ? mayCreateSpace
              ? 'A space holds a project’s or a team’s documents, notes and contacts. Create your first one under Spaces, then upload a file or write a note.'
              : 'You are not in any space yet. Join one under Spaces, or ask an editor of the hub to add you to one.'
            : 'Open a space and upload a file or write a note. What you and your team change shows up here.'}
        </EmptyState>
      )}
      {items && items.length > 0 && (
        <Grid aria-label="Recent items">
          {items.map((item) => (
            <li key={item.id}>
              <Card href={itemHref(item)}>
                <KindTile item={{ kind: item.kind, urls: NO_URLS }} size={36} />
                <span className="text">
                  <strong>{item.name}</strong>
                  <span className="meta">
                    {item.space.name} · {formatWhen(item.updated_at)}
                  </span>
                  {item.status !== 'ready' && (
                    <span>
                      <ContentStatusBadge status={item.status} />
                    </span>
                  )}
                </span>
              </Card>
            </li>
          ))}
        </Grid>
      )}
    </Panel>
  );
}
