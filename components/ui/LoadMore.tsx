import { Alert, Button } from 'antd';
import styled from 'styled-components';
import type { PagedList } from './usePagedList';

const Row = styled.div`
  display: grid;
  justify-items: center;
  gap: 10px;
  margin-top: 16px;
`;

/** "Load more" under a paged list, shown while the last page came back full. */
export function LoadMore({ list }: { list: PagedList<unknown> }) {
  if (list.state !== 'ready' || (!list.hasMore && !list.moreError)) return null;
  return (
    <Row>
      {list.moreError && <Alert type="error" showIcon title={`We could not load more. ${list.moreError}`} />}
      <Button onClick={list.loadMore} loading={list.loadingMore} disabled={list.loadingMore}>
        {list.moreError ? 'Try again' : 'Load more'}
      </Button>
    </Row>
  );
}
