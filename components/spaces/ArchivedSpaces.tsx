import { useCallback } from 'react';
import Head from 'next/head';
import { InboxOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import styled from 'styled-components';
import type { Space } from '@/lib/contract/spaces';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { EmptyState } from '@/components/common/EmptyState';
import { LoadFailure } from '@/components/common/LoadFailure';
import { PageTitle } from '@/components/common/PageTitle';
import { LoadMore } from '@/components/ui/LoadMore';
import { Panel } from '@/components/ui/Panel';
import { usePagedList } from '@/components/ui/usePagedList';
import { BackToSpaces } from './BackToSpaces';
import { SpaceCard } from './SpaceCard';
import { RestoreSpaceButton } from './SpaceArchive';

const Items = styled.div`
  display: grid;
  gap: 10px;
`;

/**
 * The hub's archived spaces the user may see, newest first, so an archived
 * space can be found again; each offers Restore to those its abilities allow.
 */
export function ArchivedSpaces() {
  const hub = useAuthStore((s) => s.user?.active_organization);
  const list = usePagedList<Space>({
    // The hub is part of the query: switching hubs starts the list again.
    query: JSON.stringify([hub?.domain_handle, 'archived']),
    fetchPage: (page) => spacesApi.list(page, { archived: 'true' }),
    keyOf: useCallback((space: Space) => space.id, []),
  });

  return (
    <>
      <Head>
        <title>Archived spaces · Convene</title>
      </Head>
      <BackToSpaces />
      <PageTitle>
        <h1>Archived spaces</h1>
        <p>Archived spaces keep everything in them, out of the hub’s lists and searches. Restoring one brings it back.</p>
      </PageTitle>
      <Panel title="Archived">
        {list.state === 'loading' && <Skeleton active paragraph={{ rows: 2 }} />}
        {list.state === 'failed' && (
          <LoadFailure message="We could not load the archived spaces." error={list.error} onRetry={list.reload} />
        )}
        {list.state === 'ready' && list.items.length === 0 && (
          <EmptyState icon={<InboxOutlined />} title="No archived spaces">
            When an owner archives a space, it waits here until someone restores it.
          </EmptyState>
        )}
        {list.state === 'ready' && list.items.length > 0 && (
          <Items role="list" aria-label="Archived spaces">
            {list.items.map((space) => (
              <div role="listitem" key={space.id}>
                <SpaceCard
                  space={space}
                  aside={space.abilities.restore && <RestoreSpaceButton space={space} onRestored={list.reload} />}
                />
              </div>
            ))}
          </Items>
        )}
        <LoadMore list={list} />
      </Panel>
    </>
  );
}
