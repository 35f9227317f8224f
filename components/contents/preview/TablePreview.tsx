import { useEffect, useRef } from 'react';
import { Table, type TableColumnsType } from 'antd';
import styled from 'styled-components';
import { PAGE_SIZE } from '@/lib/constants';
import type { ContentItem, ContentRow } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { contentsApi } from '@/client/http/contents-api';
import { Cell } from './Cell';
import type { PreviewFocus } from './focus';
import { PreviewProblem } from './PreviewProblem';
import { usePagedView } from './usePagedView';

const Rows = styled.div`
  .found > td,
  .found:hover > td {
    background: ${colors.primaryHighlight} !important;
  }
`;

/**
 * A table's parsed rows, ten at a time from the server, under the columns processing found;
 * with a `focus` on a row, it opens on that row's page with the row shaded.
 */
export function TablePreview({ item, focus = null }: { item: ContentItem; focus?: PreviewFocus | null }) {
  const found = focus?.row;
  const view = usePagedView((page) => contentsApi.rows(item.space_id, item.id, page), found !== undefined ? Math.floor(found / PAGE_SIZE) + 1 : 1);
  const rows = useRef<HTMLDivElement>(null);
  const shown = view.value?.data.some((row) => row.index === found) ?? false;
  useEffect(() => {
    // Once the row is there; jsdom has no scrolling.
    if (shown) rows.current?.querySelector('.found')?.scrollIntoView?.({ block: 'center' });
  }, [shown]);
  const columns: TableColumnsType<ContentRow> = (item.details.columns ?? []).map((column, i) => ({
    key: String(i),
    title: column.name,
    align: column.type === 'number' ? 'right' : undefined,
    render: (_: unknown, row: ContentRow) => <Cell value={row.cells[i]} type={column.type} />,
  }));
  return (
    <Rows ref={rows}>
      {view.problem && <PreviewProblem what="these rows" message={view.problem} retry={view.retry} />}
      <Table<ContentRow>
        aria-label={`Rows of ${item.name}`}
        rowKey="index"
        size="small"
        bordered
        columns={columns}
        dataSource={view.value?.data ?? []}
        loading={view.load.state === 'loading'}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.index === found ? 'found' : '')}
        onRow={(row) => (row.index === found ? { 'aria-current': 'true' } : {})}
        pagination={{
          current: view.page,
          pageSize: PAGE_SIZE,
          total: view.value?.count ?? item.details.row_count ?? 0,
          showSizeChanger: false,
          onChange: view.setPage,
          showTotal: (total) => (total === 1 ? '1 row' : `${total.toLocaleString('en-US')} rows`),
        }}
      />
    </Rows>
  );
}
