import { describe, expect, it } from 'vitest';
import { contentItemSchema } from '@/lib/contract/contents';
import { dataEnvelope, listEnvelope } from '@/lib/contract/envelope';
import { importPreviewSchema, importProgressSchema, importReportSchema, recordSchema } from '@/lib/contract/records';
import { CONTACT_TEMPLATE_ID } from '@/lib/contract/templates';
import { recordsApi } from '@/client/http/records-api';
import { as, failure, follows } from '@/tests/infrastructure/mock-contract';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { addHubMember, seedSpace } from '../spaces/fixtures';
import { fileOf, seedContent, stubNodeMultipart } from '../contents/fixtures';

setupMockServer();
stubNodeMultipart();

const ana = { name: 'Ana Lima', email: 'ana@example.com', contact_number: '+44 20 7946 0958', occupation: 'Engineer', address: '1 Main St', about: 'Met at the fair.' };

describe('mock record endpoints follow the contract', () => {
  it('create a table, add, list, get, change, delete records, import and export', async () => {
    as();
    const space = seedSpace({ name: 'People' });
    const table = follows(dataEnvelope(contentItemSchema), await recordsApi.createTable(space.id, { name: 'Guests', template_id: CONTACT_TEMPLATE_ID }));
    expect(table.data).toMatchObject({ kind: 'table', source: 'records', details: { template_id: CONTACT_TEMPLATE_ID, row_count: 0 }, abilities: { edit: true } });
    const id = table.data.id;

    const created = follows(dataEnvelope(recordSchema), await recordsApi.create(space.id, id, ana));
    follows(listEnvelope(recordSchema), await recordsApi.list(space.id, id, { q: 'ana', sort: 'name', order: 'desc', filters: [{ field: 'email', op: 'contains', value: 'ana' }] }));
    follows(dataEnvelope(recordSchema), await recordsApi.get(space.id, id, created.data.id));
    const changed = follows(dataEnvelope(recordSchema), await recordsApi.update(space.id, id, created.data.id, { occupation: 'Pilot' }, 1));
    expect(changed.data).toMatchObject({ version: 2, values: { occupation: 'Pilot', name: 'Ana Lima' } });

    // Values off the template's schema, with its message.
    expect(await failure(recordsApi.create(space.id, id, { ...ana, email: 'ana@' }))).toMatchObject({ status: 400, code: 'validation_error', message: 'Email is not a valid email' });

    const csv = 'Name,Email,Contact number,Occupation,Address,About\nBen,ben@example.com,+44 20 7946 0000,Chef,2 High St,Hi\nBad,not-an-email,1,x,y,z\n';
    const preview = follows(dataEnvelope(importPreviewSchema), await recordsApi.uploadImport(space.id, id, fileOf(csv, 'people.csv', 'text/csv')));
    expect(preview.data.suggested_mapping).toMatchObject({ name: 0, email: 1, company_name: null });
    const mapping = Object.fromEntries(Object.entries(preview.data.suggested_mapping).filter((e): e is [string, number] => e[1] !== null));
    const dry = follows(dataEnvelope(importReportSchema), await recordsApi.runImport(space.id, id, preview.data.import_id, { mapping, dry_run: true }));
    expect(dry.data).toMatchObject({ row_count: 2, valid_count: 1, failed_count: 1, imported: 0, failures: [{ row: 2 }] });
    const ready = follows(dataEnvelope(importProgressSchema), await recordsApi.importProgress(space.id, id, preview.data.import_id));
    expect(ready.data).toEqual({ import_id: preview.data.import_id, state: 'ready', saved: 0, total: 0 });
    const run = follows(dataEnvelope(importReportSchema), await recordsApi.runImport(space.id, id, preview.data.import_id, { mapping, dry_run: false }));
    expect(run.data.imported).toBe(1);
    const done = follows(dataEnvelope(importProgressSchema), await recordsApi.importProgress(space.id, id, preview.data.import_id));
    expect(done.data).toMatchObject({ state: 'imported', saved: 1, total: 1 });
    follows(dataEnvelope(importProgressSchema), await recordsApi.cancelImport(space.id, id, preview.data.import_id));

    const upload = seedContent(space, { name: 'contacts.csv', kind: 'contact', rows: [['Cy', 'cy@example.com', null]], details: { columns: [{ name: 'Name', type: 'text' }, { name: 'Email', type: 'email' }, { name: 'Phone', type: 'phone' }], row_count: 1 } });
    follows(dataEnvelope(importPreviewSchema), await recordsApi.importFromContent(space.id, id, upload.id));

    const exported = await recordsApi.exportFile(space.id, id, 'csv');
    expect(await exported.text()).toContain('"Ben"');

    follows(dataEnvelope(contentItemSchema.nullable()), await recordsApi.remove(space.id, id, created.data.id));
    expect((await recordsApi.list(space.id, id)).count).toBe(1);
  });

  // Who may write records is the API's rule (server/routes/records).
  it('lists a viewer the records, and answers 404 to another space', async () => {
    const space = seedSpace({ name: 'People' });
    as();
    const { data: table } = await recordsApi.createTable(space.id, { name: 'Guests', template_id: CONTACT_TEMPLATE_ID });
    const vic = addHubMember('vic@example.com', 'Vic', 'viewer');
    as(vic.id);
    follows(listEnvelope(recordSchema), await recordsApi.list(space.id, table.id));
    as();
    const other = seedSpace({ name: 'Other' });
    expect(await failure(recordsApi.list(other.id, table.id))).toMatchObject({ status: 404 });
  });
});
