import { Table, type TableColumnsType } from 'antd';
import { PAGE_SIZE } from '@/lib/constants';
import type { ContentItem, ContentRow } from '@/lib/contract/contents';
import { contentsApi } from '@/client/http/contents-api';
import { Cell } from './Cell';
import { PreviewProblem } from './PreviewProblem';
import { usePagedView } from './usePagedView';

/** A table's parsed rows, ten at a time from the server, under the columns processing found. */
export function TablePreview({ item }: { item: ContentItem }) {
  const view = usePagedView((page) => contentsApi.rows(item.space_id, item.id, page));
  const columns: TableColumnsType<ContentRow> = (item.details.columns ?? []).map((column, i) => ({
    key: String(i),
    title: column.name,
    align: column.type === 'number' ? 'right' : undefined,
    render: (_: unknown, row: ContentRow) => <Cell value={row.cells[i]} type={column.type} />,
  }));
  return (
    <>
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
        pagination={{
          current: view.page,
          pageSize: PAGE_SIZE,
          total: view.value?.count ?? item.details.row_count ?? 0,
          showSizeChanger: false,
          onChange: view.setPage,
          showTotal: (total) => (total === 1 ? '1 row' : `${total.toLocaleString('en-US')} rows`),
        }}
      />
    </>
  );
}
