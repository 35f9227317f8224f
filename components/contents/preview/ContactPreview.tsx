import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Empty, Pagination, Skeleton } from 'antd';
import styled from 'styled-components';
import { PAGE_SIZE } from '@/lib/constants';
import { contactFields, type ContentDetails, type ContentItem, type ContentRow } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { contentsApi } from '@/client/http/contents-api';
import { HubAvatar } from '@/components/common/HubAvatar';
import { kindColours } from '../kinds';
import { Cell } from './Cell';
import { DetailList } from './DetailList';
import { PreviewProblem } from './PreviewProblem';
import { usePagedView } from './usePagedView';

const Cards = styled.div`
  display: grid;
  gap: 12px;
`;

const Card = styled.article`
  padding: 18px 20px;
  border: 1px solid ${colors.border};
  border-radius: 14px;
  background: ${colors.white};

  header {
    display: flex;
    align-items: center;
    gap: 14px;
    margin-bottom: 14px;
  }

  h3 {
    margin: 0;
    font-size: 17px;
    font-weight: 600;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  header p {
    margin: 2px 0 0;
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

// A card's labels line up across cards, and a value such as an address keeps its lines.
const Fields = styled(DetailList)`
  grid-template-columns: minmax(100px, auto) minmax(0, 1fr);
  gap: 8px 16px;

  dd {
    white-space: pre-line;
  }
`;

type Columns = NonNullable<ContentDetails['columns']>;

interface Field {
  label: string;
  value: ContentRow['cells'][number];
  type: Columns[number]['type'];
}

function ContactCard({ name, subtitle, fields }: { name: string; subtitle?: string; fields: Field[] }) {
  return (
    <Card aria-label={name}>
      <header>
        <HubAvatar name={name} colour={kindColours.contact} size={44} round />
        <div>
          <h3>{name}</h3>
          {subtitle && <p>{subtitle}</p>}
        </div>
      </header>
      <Fields>
        {fields.map((field) => (
          <div key={field.label} style={{ display: 'contents' }}>
            <dt>
              {field.type === 'email' && <MailOutlined aria-hidden />} {field.type === 'phone' && <PhoneOutlined aria-hidden />} {field.label}
            </dt>
            <dd>
              <Cell value={field.value} type={field.type} />
            </dd>
          </div>
        ))}
      </Fields>
    </Card>
  );
}

const formTypes: Record<(typeof contactFields)[number]['type'], Field['type']> = { text: 'text', email: 'email', phone: 'phone', textarea: 'text' };

/** A contact added by hand: one card from the form's fields. */
function FormContact({ contact }: { contact: Record<string, string> }) {
  const name = contact.name ?? 'Contact';
  const subtitle = [contact.occupation, contact.company_name].filter(Boolean).join(' · ');
  const fields = contactFields
    .filter((f) => !['name', 'occupation', 'company_name'].includes(f.name) && contact[f.name])
    .map((f) => ({ label: f.label, value: contact[f.name] ?? null, type: formTypes[f.type] }));
  return <ContactCard name={name} subtitle={subtitle || undefined} fields={fields} />;
}

// A contact file's columns are the form's fields by key ("contact_number"), then the file's own headers.
const fieldLabels = new Map<string, string>(contactFields.map((f) => [f.name, f.label]));

/** The column that names the person: "Name", "Full name"…, else the first. */
const nameColumn = (columns: Columns) => Math.max(0, columns.findIndex((c) => /name/i.test(c.name) && !/company|org/i.test(c.name)));

/** A contact list from a file: one card per row, a page at a time. */
function FileContacts({ item }: { item: ContentItem }) {
  const columns = item.details.columns ?? [];
  const view = usePagedView((page) => contentsApi.rows(item.space_id, item.id, page));
  const nameAt = nameColumn(columns);
  const page = view.value;
  return (
    <>
      {view.problem && <PreviewProblem what="these contacts" message={view.problem} retry={view.retry} />}
      {!page && !view.problem && <Skeleton active avatar paragraph={{ rows: 3 }} />}
      {page && page.data.length === 0 && <Empty description="This file has no contacts." />}
      {page && page.data.length > 0 && (
        <Cards aria-busy={view.load.state === 'loading'}>
          {page.data.map((row) => (
            <ContactCard
              key={row.index}
              name={String(row.cells[nameAt] ?? `Contact ${row.index + 1}`)}
              fields={columns
                .map((c, i) => ({ label: fieldLabels.get(c.name) ?? c.name, value: row.cells[i] ?? null, type: c.type }))
                .filter((f, i) => i !== nameAt && f.value !== null && f.value !== '')}
            />
          ))}
        </Cards>
      )}
      {page && page.count > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center' }}
          current={view.page}
          pageSize={PAGE_SIZE}
          total={page.count}
          showSizeChanger={false}
          onChange={view.setPage}
        />
      )}
    </>
  );
}

/** Contacts: a hand-made one as a card, a file's as a card per row. */
export function ContactPreview({ item }: { item: ContentItem }) {
  return item.source === 'form' ? <FormContact contact={item.details.contact ?? {}} /> : <FileContacts item={item} />;
}
