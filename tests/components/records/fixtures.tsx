import { CONTACT_TEMPLATE_ID, type RecordValues } from '@/lib/contract/templates';
import { RecordTableView } from '@/components/records/table/RecordTableView';
import { mockDb, server } from '@/mocks/node';
import { recordsData } from '@/mocks/records-state';
import type { MockSpace } from '@/mocks/state';
import { demoHub, renderStill } from '../spaces/fixtures';
import { seedContent } from '../contents/fixtures';

/** A contact's values that pass the contact template. */
export const contact = (name: string, extra: RecordValues = {}): RecordValues => ({
  name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, contact_number: '+44 20 7946 0958',
  occupation: 'Engineer', address: '1 Main Street', about: 'Met at the fair.', ...extra,
});

/** A record table of the contact template in `space`, with `values` as its records in that order. */
export function seedTable(space: MockSpace, values: RecordValues[] = [], name = 'Guests') {
  const table = seedContent(space, { name, kind: 'table', source: 'records', details: { template_id: CONTACT_TEMPLATE_ID, row_count: values.length } });
  const start = Date.parse('2026-03-01T09:00:00Z');
  const records = values.map((v, index) => {
    const at = new Date(start + index * 1000).toISOString();
    const record = { id: mockDb.newId(), contentId: table.id, values: v, version: 1, createdAt: at, updatedAt: at, createdBy: demoHub().owner.id, updatedBy: demoHub().owner.id };
    recordsData(mockDb).records.push(record);
    return record;
  });
  return { table, records };
}

/** The page of a record table. */
export const renderTable = (space: MockSpace, tableId: string) => renderStill(<RecordTableView spaceId={space.id} tableId={tableId} />);

/** Every request the mock receives from now on, as method and URL. */
export function requestLog(): { method: string; url: URL; body: () => Promise<unknown> }[] {
  const log: { method: string; url: URL; body: () => Promise<unknown> }[] = [];
  server.events.on('request:start', ({ request }) => {
    const copy = request.clone();
    log.push({ method: request.method, url: new URL(request.url), body: () => copy.json() });
  });
  return log;
}
