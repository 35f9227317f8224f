import { useCallback, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import {
  Alert, Button, DatePicker, Grid, Select, Skeleton, Table, Tooltip, Typography, theme, type GetProps, type TableColumnsType,
} from 'antd';
import styled from 'styled-components';
import { auditEventLabels, describeAuditEvent } from '@/lib/audit/describe-audit-event';
import { auditEventTypes, type AuditEvent, type AuditEventType, type AuditFilters } from '@/lib/contract/audit';
import type { MyHub } from '@/lib/contract/hubs';
import { auditApi } from '@/client/http/audit-api';
import { errorMessage } from '@/client/http/clients';
import { saveFile } from '@/client/http/download';
import { EmptyState } from '@/components/common/EmptyState';
import { LoadFailure } from '@/components/common/LoadFailure';
import { formatDateTime, formatWhen } from '@/components/common/format';
import { LoadMore } from '@/components/ui/LoadMore';
import { Panel } from '@/components/ui/Panel';
import { usePagedList } from '@/components/ui/usePagedList';
import { useMemberSearch } from '@/components/members/useMemberSearch';

const Filters = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 8px;
  margin-bottom: 12px;

  @media (min-width: 768px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Sentence = styled.span`
  display: block;
  overflow-wrap: anywhere;
`;

type Range = GetProps<typeof DatePicker.RangePicker>['value'];

const typeOptions = auditEventTypes.map((value) => ({ value, label: auditEventLabels[value] }));

/** The person, type and days chosen, as the API's filters: days are the viewer's own, sent as exact instants. */
function filtersOf(person: string | undefined, type: AuditEventType | undefined, range: Range): AuditFilters {
  const [start, end] = range ?? [null, null];
  return {
    person,
    type,
    from: start ? start.startOf('day').toISOString() : undefined,
    // The end day counts in full: up to the start of the day after.
    to: end ? end.add(1, 'day').startOf('day').toISOString() : undefined,
  };
}

/** The hub's audit log (owners): who did what and from where, filtered, paged, and exported as CSV. */
export function AuditLog({ hub }: { hub: MyHub }) {
  const handle = hub.domain_handle;
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const [person, setPerson] = useState<string>();
  const [type, setType] = useState<AuditEventType>();
  const [range, setRange] = useState<Range>(null);
  const [exporting, setExporting] = useState(false);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const people = useMemberSearch(handle, () => true);
  const filters = filtersOf(person, type, range);
  const filtered = Boolean(person || type || range);

  const list = usePagedList<AuditEvent>({
    query: JSON.stringify([handle, filters]),
    fetchPage: (page) => auditApi.list(handle, page, filters),
    keyOf: useCallback((event: AuditEvent) => event.id, []),
  });

  const exportCsv = async () => {
    setExporting(true);
    setExportProblem(null);
    try {
      saveFile(await auditApi.exportCsv(handle, filters), `audit-${handle}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (e) {
      setExportProblem(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  // On a phone the address moves under the sentence instead of taking a column.
  const narrow = screens.sm === false;
  const columns: TableColumnsType<AuditEvent> = [
    {
      title: 'Time',
      dataIndex: 'created_at',
      width: narrow ? 96 : 170,
      render: (at: string) => (
        <Tooltip title={formatDateTime(at)}>
          <time dateTime={at}>{narrow ? formatWhen(at) : formatDateTime(at)}</time>
        </Tooltip>
      ),
    },
    {
      title: 'Event',
      key: 'event',
      render: (_: unknown, event) => (
        <>
          <Sentence>{describeAuditEvent(event)}</Sentence>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {auditEventLabels[event.type]}
            {narrow && event.ip ? ` · ${event.ip}` : ''}
          </Typography.Text>
        </>
      ),
    },
    ...(narrow ? [] : [{ title: 'Address', dataIndex: 'ip', width: 150, render: (ip: string | null) => ip ?? '—' }]),
  ];

  return (
    <Panel
      title="Audit log"
      aside={
        <Button size="small" icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting} disabled={exporting}>
          Export CSV
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Changes to this hub, its spaces and its members, and the sign-ins of its members. Entries cannot be changed or deleted.
      </Typography.Paragraph>
      <Filters>
        <Select
          aria-label="Person"
          allowClear
          showSearch={{ filterOption: false, onSearch: people.setSearch }}
          loading={people.loading}
          placeholder="Anyone"
          notFoundContent={people.loading ? 'Searching…' : 'No members match'}
          value={person}
          onChange={setPerson}
          options={people.members.map((m) => ({ value: m.user_id, label: `${m.name} (${m.email})` }))}
        />
        <Select
          aria-label="Event type"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Any event"
          value={type}
          onChange={setType}
          options={typeOptions}
        />
        <DatePicker.RangePicker
          aria-label="Dates"
          value={range}
          onChange={(value) => setRange(value)}
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
        />
      </Filters>
      {people.error && <Alert type="warning" showIcon title={`We could not search the members. ${people.error}`} style={{ marginBottom: 12 }} />}
      {exportProblem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`We could not export the log. ${exportProblem}`}
          action={<Button size="small" onClick={exportCsv}>Try again</Button>}
          closable
          onClose={() => setExportProblem(null)}
          style={{ marginBottom: 12 }}
        />
      )}
      {list.state === 'loading' && <Skeleton active paragraph={{ rows: 3 }} />}
      {list.state === 'failed' && <LoadFailure message="We could not load the audit log." error={list.error} onRetry={list.reload} />}
      {list.state === 'ready' && list.items.length === 0 && (
        <EmptyState title={filtered ? 'No events match these filters' : 'Nothing recorded yet'}>
          {filtered ? 'Try another person, type or dates.' : 'Changes to the hub and sign-ins of its members will show here.'}
        </EmptyState>
      )}
      {list.state === 'ready' && list.items.length > 0 && (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: '0 0 4px', fontSize: 13 }}>
            {list.count === 1 ? '1 event' : `${list.count} events`}
          </Typography.Paragraph>
          <Table<AuditEvent>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={list.items}
            pagination={false}
            style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}
          />
        </>
      )}
      <LoadMore list={list} />
    </Panel>
  );
}
