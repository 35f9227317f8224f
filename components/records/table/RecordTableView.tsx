import { useCallback, useEffect, useMemo, useState } from 'react';
import Head from 'next/head';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { DeleteOutlined, DownloadOutlined, ExpandAltOutlined, PlusOutlined, SearchOutlined, TableOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Breadcrumb, Button, Dropdown, Input, Popconfirm, Select, Skeleton, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import type { ContentItem } from '@/lib/contract/contents';
import type { RecordFilter, RecordItem } from '@/lib/contract/records';
import type { Space } from '@/lib/contract/spaces';
import type { FieldValue, Template, TemplateField } from '@/lib/contract/templates';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { contentsApi } from '@/client/http/contents-api';
import { saveFile } from '@/client/http/download';
import { recordsApi } from '@/client/http/records-api';
import { spacesApi } from '@/client/http/spaces-api';
import { templatesApi } from '@/client/http/templates-api';
import { LoadFailure } from '@/components/common/LoadFailure';
import { fieldTypeIcons } from '@/components/records/builder/fieldTypeIcons';
import { LoadMore } from '@/components/ui/LoadMore';
import { Unavailable } from '@/components/ui/Unavailable';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { useLoad } from '@/components/ui/useLoad';
import { usePagedList } from '@/components/ui/usePagedList';
import { ConflictDialog, type Conflict } from './ConflictDialog';
import { FilterBuilder, type FilterColumn } from './FilterBuilder';
import { ImportWizard } from './ImportWizard';
import { RecordCell, type CellContext } from './RecordCell';
import { RecordFormModal } from './RecordFormModal';


const Header = styled.header`
  margin-bottom: 16px;

  h1 {
    margin: 8px 0 4px;
    font-size: 26px;
    font-weight: 600;
    letter-spacing: -0.02em;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;

  .search {
    flex: 1 1 100%;
  }

  .push {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }

  @media (min-width: ${breakpoints.sm}px) {
    .search {
      flex: 0 1 260px;
    }

    .push {
      margin-inline-start: auto;
    }
  }
`;

const Grid = styled.div`
  .highlight > td {
    background: ${colors.primaryBg} !important;
  }

  /* antd greys the empty-table text below readable contrast. */
  .ant-table-placeholder .ant-table-cell {
    color: ${colors.textSecondary};
  }
`;

const SYSTEM_COLUMNS: FilterColumn[] = [
  { key: 'created_at', label: 'Added' },
  { key: 'updated_at', label: 'Changed' },
];

interface Loaded {
  space: Space;
  table: ContentItem;
  template: Template;
}

/** A record table's page, named by the address (/spaces/:id/tables/:tableId). */
export function RecordTableView({ spaceId, tableId }: { spaceId: string | null; tableId: string | null }) {
  const key = spaceId && tableId ? `${spaceId}/${tableId}` : null;
  const { load, retry } = useLoad<Loaded>(key, async (pair) => {
    const [sid = '', cid = ''] = pair.split('/');
    const [space, table] = await Promise.all([spacesApi.get(sid), contentsApi.get(sid, cid)]);
    const template = await templatesApi.get(table.data.details.template_id ?? '');
    return { space: space.data, table: table.data, template: template.data };
  });
  const back = spaceId ? { href: `/spaces/${encodeURIComponent(spaceId)}`, label: 'Back to the space' } : { href: '/spaces', label: 'Back to spaces' };

  if (load.state === 'loading') return <Skeleton active paragraph={{ rows: 6 }} />;
  if (load.state === 'missing' || load.state === 'forbidden') {
    return <Unavailable title="This record table cannot be opened" text={load.message} back={back} Icon={TableOutlined} />;
  }
  if (load.state === 'failed') {
    return <Unavailable title="We could not load this record table" text={load.message} retry={retry} back={back} Icon={TableOutlined} />;
  }
  return <RecordTable {...load.value} />;
}

function RecordTable({ space, table, template }: Loaded) {
  const router = useRouter();
  const { message } = App.useApp();
  const editable = table.abilities.edit;
  const fields = useMemo(() => template.fields.filter((f) => !f.removed), [template.fields]);
  const ids = { spaceId: space.id, contentId: table.id };

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [filters, setFilters] = useState<RecordFilter[]>([]);
  const [sort, setSort] = useState<{ key: string; order: 'asc' | 'desc' } | null>(null);
  const [rowCount, setRowCount] = useState(table.details.row_count ?? 0);

  const list = usePagedList<RecordItem>({
    query: JSON.stringify({ q, filters, sort }),
    fetchPage: (page) =>
      recordsApi.list(space.id, table.id, { page, q: q || undefined, filters, ...(sort ? { sort: sort.key, order: sort.order } : {}) }),
    keyOf: (r) => r.id,
  });
  // Rows changed or deleted here since the page loaded.
  const [changed, setChanged] = useState<Map<string, RecordItem | null>>(new Map());
  const rows = list.items.flatMap((r) => {
    const latest = changed.has(r.id) ? changed.get(r.id) : r;
    return latest ? [latest] : [];
  });
  const setRow = useCallback((id: string, record: RecordItem | null) => setChanged((m) => new Map(m).set(id, record)), []);

  const [opened, setOpened] = useState<RecordItem | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [exportProblem, setExportProblem] = useState<{ text: string; format: 'csv' | 'xlsx' } | null>(null);
  const [exporting, setExporting] = useState(false);

  // A search result (?record=) opens its record; a file being turned into this table (?import_from=) opens the import.
  const highlighted = typeof router.query.record === 'string' ? router.query.record : null;
  const importFrom = typeof router.query.import_from === 'string' ? router.query.import_from : null;
  const [arrivalProblem, setArrivalProblem] = useState<string | null>(null);
  const [importFromClosed, setImportFromClosed] = useState(false);
  const importingFrom = importFrom && !importFromClosed ? importFrom : null;
  useEffect(() => {
    if (!highlighted) return;
    let live = true;
    recordsApi.get(space.id, table.id, highlighted).then(
      ({ data }) => live && setOpened(data),
      (e: unknown) => live && setArrivalProblem(`We could not open that record. ${errorMessage(e)}`),
    );
    return () => {
      live = false;
    };
  }, [highlighted, space.id, table.id]);

  const onConflict = useCallback(
    async (record: RecordItem, attempted: Record<string, FieldValue>, text: string) => {
      const { data } = await recordsApi.get(space.id, table.id, record.id);
      return new Promise<RecordItem>((resolve) => {
        setConflict({
          message: text, current: data, attempted,
          settle: (settled) => {
            setConflict(null);
            resolve(settled);
          },
        });
      });
    },
    [space.id, table.id],
  );

  const cell: CellContext = { ...ids, editable, onSaved: (r) => setRow(r.id, r), openRecord: setOpened, onConflict };

  const remove = async (record: RecordItem) => {
    try {
      await recordsApi.remove(space.id, table.id, record.id);
      setRow(record.id, null);
      setRowCount((n) => n - 1);
      void message.success('Record deleted.');
    } catch (e) {
      void message.error(`We could not delete the record. ${errorMessage(e)}`);
    }
  };

  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    setExportProblem(null);
    try {
      saveFile(await recordsApi.exportFile(space.id, table.id, format), `${table.name}.${format}`);
    } catch (e) {
      setExportProblem({ text: `We could not export the records. ${errorMessage(e)}`, format });
    } finally {
      setExporting(false);
    }
  };

  const columnTitle = (field: TemplateField) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden="true" style={{ marginInlineEnd: 6, color: colors.textSecondary }}>
        {fieldTypeIcons[field.type]}
      </span>
      {field.label}
    </span>
  );
  const columns: ColumnsType<RecordItem> = [
    ...fields.map((field, index) => ({
      key: field.key,
      title: columnTitle(field),
      fixed: index === 0 ? ('left' as const) : undefined,
      width: index === 0 ? 180 : undefined,
      sorter: true,
      sortOrder: sort?.key === field.key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      onCell: () => ({ style: { minWidth: 140, maxWidth: 320, verticalAlign: 'top' } }),
      render: (_: unknown, record: RecordItem) => <RecordCell field={field} record={record} context={cell} />,
    })),
    {
      key: 'actions',
      title: 'Actions',
      width: editable ? 96 : 56,
      render: (_: unknown, record: RecordItem) => (
        <span style={{ display: 'flex', gap: 4 }}>
          <Tooltip title="Open record">
            <Button type="text" size="small" icon={<ExpandAltOutlined />} aria-label="Open record" onClick={() => setOpened(record)} />
          </Tooltip>
          {editable && (
            <Popconfirm title="Delete this record?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(record)}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="Delete record" />
            </Popconfirm>
          )}
        </span>
      ),
    },
  ];

  const sortOptions = [
    { value: '', label: 'Order added' },
    ...[...fields.map((f) => ({ key: f.key, label: f.label })), ...SYSTEM_COLUMNS].flatMap((c) => [
      { value: `${c.key}:asc`, label: `${c.label} ↑` },
      { value: `${c.key}:desc`, label: `${c.label} ↓` },
    ]),
  ];
  const filtered = Boolean(q) || filters.length > 0;
  const recordsLabel = `${rowCount} ${rowCount === 1 ? 'record' : 'records'}`;

  return (
    <>
      <Head>
        <title>{`${table.name} · Convene`}</title>
      </Head>
      <Header>
        <Breadcrumb items={[{ title: <Link href={`/spaces/${encodeURIComponent(space.id)}`}>{space.name}</Link> }, { title: table.name }]} />
        <h1>{table.name}</h1>
        <div className="meta">
          <span>Record table · {template.name}</span>
          <span>{recordsLabel}</span>
        </div>
      </Header>

      <Toolbar>
        <Input
          className="search"
          aria-label="Search records"
          placeholder="Search records"
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          maxLength={200}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <FilterBuilder columns={[...fields.map((f) => ({ key: f.key, label: f.label })), ...SYSTEM_COLUMNS]} filters={filters} onChange={setFilters} />
        <Select
          aria-label="Sort by"
          value={sort ? `${sort.key}:${sort.order}` : ''}
          onChange={(value: string) => {
            const [k, o] = value.split(':');
            setSort(k && (o === 'asc' || o === 'desc') ? { key: k, order: o } : null);
          }}
          options={sortOptions}
          style={{ minWidth: 150 }}
        />
        <div className="push">
          <Dropdown
            trigger={['click']}
            menu={{ items: [{ key: 'csv', label: 'CSV' }, { key: 'xlsx', label: 'Excel (XLSX)' }], onClick: ({ key }) => void download(key === 'xlsx' ? 'xlsx' : 'csv') }}
          >
            <Button icon={<DownloadOutlined aria-hidden />} loading={exporting}>
              Export
            </Button>
          </Dropdown>
          {editable && (
            <>
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
                Import
              </Button>
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpened('new')}>
                Add record
              </Button>
            </>
          )}
        </div>
      </Toolbar>

      {exportProblem && (
        <LoadFailure message={exportProblem.text} onRetry={() => void download(exportProblem.format)} style={{ marginBottom: 12 }} />
      )}
      {arrivalProblem && <Alert type="error" showIcon closable title={arrivalProblem} onClose={() => setArrivalProblem(null)} style={{ marginBottom: 12 }} />}

      {list.state === 'failed' ? (
        <LoadFailure message="We could not load the records." error={list.error} onRetry={list.reload} />
      ) : (
        <Grid>
          <Table<RecordItem>
            aria-label="Records"
            rowKey="id"
            size="middle"
            loading={list.state === 'loading'}
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            rowClassName={(r) => (r.id === highlighted ? 'highlight' : '')}
            locale={{ emptyText: filtered ? 'No records match.' : editable ? 'No records yet. Add one or import a file.' : 'No records yet.' }}
            onChange={(_p, _f, sorter, extra) => {
              if (extra.action !== 'sort' || Array.isArray(sorter)) return;
              const order = sorter.order === 'ascend' ? 'asc' : sorter.order === 'descend' ? 'desc' : null;
              setSort(order && typeof sorter.columnKey === 'string' ? { key: sorter.columnKey, order } : null);
            }}
          />
        </Grid>
      )}
      <LoadMore list={list} />

      <RecordFormModal
        table={ids}
        fields={fields}
        record={opened}
        editable={editable}
        onClose={() => setOpened(null)}
        onConflict={onConflict}
        onSaved={(record, created) => {
          setOpened(null);
          if (created) {
            setRowCount((n) => n + 1);
            list.reload();
            void message.success('Record added.');
          } else {
            setRow(record.id, record);
            void message.success('Record saved.');
          }
        }}
        onDeleted={(record) => {
          setOpened(null);
          setRow(record.id, null);
          setRowCount((n) => n - 1);
          void message.success('Record deleted.');
        }}
      />
      <ConflictDialog conflict={conflict} fields={fields} table={ids} onConflictAgain={setConflict} />
      {editable && (
        <ImportWizard
          open={importing || importingFrom !== null}
          table={ids}
          fields={fields}
          fromContentId={importingFrom}
          onClose={() => {
            setImporting(false);
            setImportFromClosed(true);
          }}
          onImported={(count) => {
            setRowCount((n) => n + count);
            list.reload();
          }}
        />
      )}
    </>
  );
}
