import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_TEMPLATE_ID } from '@/lib/contract/templates';
import type { SearchResult } from '@/lib/contract/search';
import { resultAddress } from '@/components/contents/search/resultAddress';
import { mockDb, server } from '@/mocks/node';
import { recordsData } from '@/mocks/records-state';
import { errorMessages } from '@/lib/contract/error-messages';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { addHubMember, demoHub, seedSpace, signInOwner, signInUser } from '../spaces/fixtures';
import { fileOf, findDialog, renderContentArea, seedContent, stubNodeMultipart } from '../contents/fixtures';
import { contact, renderTable, requestLog, seedTable } from './fixtures';

setupMockServer();
resetAuthAfterEach();
stubNodeMultipart();
beforeEach(() => resetRouter('/spaces/x/tables/y'));
afterEach(() => server.events.removeAllListeners());

const lists = (log: ReturnType<typeof requestLog>) => log.filter((r) => r.method === 'GET' && /\/records\/$/.test(r.url.pathname));
const patches = (log: ReturnType<typeof requestLog>) => log.filter((r) => r.method === 'PATCH');

async function openTable(values = [contact('Ana Lima'), contact('Ben Ode')]) {
  const space = seedSpace({ name: 'People' });
  const seeded = seedTable(space, values);
  await signInOwner();
  const log = requestLog();
  const rendered = renderTable(space, seeded.table.id);
  await screen.findByText('Ana Lima');
  return { ...rendered, ...seeded, space, log };
}

describe('record tables', { timeout: 30_000 }, () => {
  it('creates a table from the content area with a template and opens it', async () => {
    const space = seedSpace({ name: 'People' });
    await signInOwner();
    const { user } = await renderContentArea(space);
    await user.click(await screen.findByRole('button', { name: 'New record table' }));
    const dialog = await findDialog('New record table');
    await user.click(within(dialog).getByRole('button', { name: 'Create table' }));
    expect(await within(dialog).findByText('Please enter Name')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please choose a template')).toBeInTheDocument();
    expect(mockDb.data.contents).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Guests');
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByTitle('Contact'));
    await user.click(within(dialog).getByRole('button', { name: 'Create table' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalled());
    const created = mockDb.data.contents.find((c) => c.source === 'records');
    expect(created).toMatchObject({ name: 'Guests', kind: 'table' });
    expect(mockRouter.push).toHaveBeenCalledWith(`/spaces/${space.id}/tables/${created?.id}`);
  });

  it('lists record tables with their type and count, and opens them as a page', async () => {
    const space = seedSpace({ name: 'People' });
    const { table } = seedTable(space, [contact('Ana Lima'), contact('Ben Ode')]);
    await signInOwner();
    const { user } = await renderContentArea(space);
    const row = await screen.findByRole('listitem', { name: 'Guests' });
    expect(within(row).getByText('Record table')).toBeInTheDocument();
    expect(within(row).getByText('2 records')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Guests' }));
    expect(mockRouter.push).toHaveBeenCalledWith(`/spaces/${space.id}/tables/${table.id}`);
  });

  it('adds a record through the template form, with its messages', async () => {
    const { user, table } = await openTable();
    expect(screen.getByText('2 records')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add record' }));
    const dialog = await findDialog('Add record');
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    expect(await within(dialog).findByText('Please enter Name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter Email')).toBeInTheDocument();
    expect(recordsData(mockDb).records).toHaveLength(2);

    for (const [label, value] of Object.entries({ Name: 'Cy Lee', Email: 'cy@example.com', 'Contact number': '+44 20 7946 0000', Occupation: 'Chef', Address: '2 High St', About: 'Cooks.' })) {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    expect(await screen.findByText('Cy Lee')).toBeInTheDocument();
    expect(screen.getByText('3 records')).toBeInTheDocument();
    expect(recordsData(mockDb).records.filter((r) => r.contentId === table.id)).toHaveLength(3);
  });

  it('edits a cell in place: an invalid value shows its message and sends nothing; a valid one saves with the version', async () => {
    const { user, log, records } = await openTable();
    const [cell] = screen.getAllByRole('button', { name: 'Edit Occupation' });
    if (!cell) throw new Error('no cell');
    await user.click(cell);
    const input = await screen.findByLabelText('Occupation');
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter Occupation');
    expect(patches(log)).toHaveLength(0);

    await user.type(screen.getByLabelText('Occupation'), 'Pilot{Enter}');
    await waitFor(() => expect(patches(log)).toHaveLength(1));
    expect(await patches(log)[0]?.body()).toEqual({ values: { occupation: 'Pilot' }, version: 1 });
    expect(await screen.findByText('Pilot')).toBeInTheDocument();
    expect(recordsData(mockDb).records.find((r) => r.id === records[0]?.id)?.values.occupation).toBe('Pilot');
  });

  it('Escape cancels an edit without sending it', async () => {
    const { user, log } = await openTable();
    await user.click(screen.getAllByRole('button', { name: 'Edit Occupation' })[0] as HTMLElement);
    await user.type(await screen.findByLabelText('Occupation'), 'X{Escape}');
    expect(screen.queryByLabelText('Occupation')).not.toBeInTheDocument();
    expect(patches(log)).toHaveLength(0);
  });

  it('on an edit conflict shows the message and the current values, and applies the change again on the current version', async () => {
    const { user, records, log } = await openTable();
    const first = records[0];
    if (!first) throw new Error('no record');
    // Someone else saved first, so the API refuses the edit made on version 1 (server/routes/records).
    Object.assign(first, { values: { ...first.values, occupation: 'Astronaut' }, version: 2 });
    server.use(http.patch('*/api/v1/spaces/:id/contents/:content_id/records/:record_id/', () =>
      HttpResponse.json({ message: errorMessages.recordEditConflict, code: 'edit_conflict' }, { status: 409 }), { once: true }));
    await user.click(screen.getAllByRole('button', { name: 'Edit Occupation' })[0] as HTMLElement);
    const input = await screen.findByLabelText('Occupation');
    await user.clear(input);
    await user.type(input, 'Pilot{Enter}');
    const dialog = await findDialog('This record was changed');
    expect(within(dialog).getByText(errorMessages.recordEditConflict)).toBeInTheDocument();
    expect(within(dialog).getByText('Astronaut')).toBeInTheDocument();
    expect(within(dialog).getByText('Pilot')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply mine again' }));
    await waitFor(() => expect(patches(log)).toHaveLength(2));
    expect(await patches(log)[0]?.body()).toEqual({ values: { occupation: 'Pilot' }, version: 1 });
    expect(await patches(log)[1]?.body()).toEqual({ values: { occupation: 'Pilot' }, version: 2 });
    await waitFor(() => expect(first.values.occupation).toBe('Pilot'));
    expect(await screen.findByText('Pilot')).toBeInTheDocument();
  });

  it('"Use theirs" keeps the other person\'s values', async () => {
    const { user, records, log } = await openTable();
    server.use(http.patch('*/api/v1/spaces/:id/contents/:content_id/records/:record_id/', () =>
      HttpResponse.json({ message: errorMessages.recordEditConflict, code: 'edit_conflict' }, { status: 409 }), { once: true }));
    const first = records[0];
    if (!first) throw new Error('no record');
    first.values = { ...first.values, occupation: 'Astronaut' };
    await user.click(screen.getAllByRole('button', { name: 'Edit Occupation' })[0] as HTMLElement);
    await user.type(await screen.findByLabelText('Occupation'), 'X{Enter}');
    const dialog = await findDialog('This record was changed');
    await user.click(within(dialog).getByRole('button', { name: 'Use theirs' }));
    expect(await screen.findByText('Astronaut')).toBeInTheDocument();
    expect(patches(log)).toHaveLength(1);
  });

  it('sorting, filtering and searching change the request', async () => {
    const { user, log } = await openTable();
    const header = () => {
      const found = screen.getAllByRole('columnheader').find((h) => h.textContent === 'Name');
      if (!found) throw new Error('no Name column');
      return found;
    };
    await user.click(header());
    await waitFor(() => expect(lists(log).at(-1)?.url.searchParams.get('sort')).toBe('name'));
    expect(lists(log).at(-1)?.url.searchParams.get('order')).toBe('asc');
    await user.click(header());
    await waitFor(() => expect(lists(log).at(-1)?.url.searchParams.get('order')).toBe('desc'));

    await user.click(screen.getByRole('button', { name: /Filter/ }));
    await user.type(await screen.findByLabelText('Filter value'), 'ben');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() =>
      expect(JSON.parse(lists(log).at(-1)?.url.searchParams.get('filters') ?? '[]')).toEqual([{ field: 'name', op: 'contains', value: 'ben' }]),
    );
    expect(await screen.findByText('Name contains ben')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ana Lima')).not.toBeInTheDocument());
    await user.click(screen.getByLabelText('Remove filter Name contains ben'));
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search records'), 'ana');
    await waitFor(() => expect(lists(log).at(-1)?.url.searchParams.get('q')).toBe('ana'));
    await waitFor(() => expect(screen.queryByText('Ben Ode')).not.toBeInTheDocument());
  });

  it('loads more when a page of ten is full', async () => {
    const { user } = await openTable(Array.from({ length: 12 }, (_, i) => contact(i === 0 ? 'Ana Lima' : `Person ${i}`)));
    expect(screen.queryByText('Person 10')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('imports a CSV: the dry run lists the two bad rows, the import saves the rest', async () => {
    const { user, table, container } = await openTable();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await findDialog('Import records');
    const csv = [
      'Name,Email,Contact number,Occupation,Address,About',
      'Cy Lee,cy@example.com,+44 20 7946 0001,Chef,2 High St,Cooks',
      'Di Ma,not-an-email,+44 20 7946 0002,Pilot,3 High St,Flies',
      'Ed Wu,ed@example.com,+44 20 7946 0003,Vet,4 High St,Heals',
      ',fi@example.com,+44 20 7946 0004,Cook,5 High St,Bakes',
    ].join('\n');
    const input = dialog.querySelector('input[type="file"]') ?? container.ownerDocument.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await user.upload(input, fileOf(csv, 'people.csv', 'text/csv'));
    expect(await within(dialog).findByText('4 rows found. Choose the column that fills each field.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Check rows' }));
    expect(await within(dialog).findByText('2 rows ready, 2 rows with problems')).toBeInTheDocument();
    const failures = within(dialog).getByRole('table');
    expect(within(failures).getByText('Email: Email is not a valid email')).toBeInTheDocument();
    expect(within(failures).getByText('Name: Please enter Name')).toBeInTheDocument();
    expect(recordsData(mockDb).records.filter((r) => r.contentId === table.id)).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    expect(await within(dialog).findByText('2 records imported')).toBeInTheDocument();
    expect(recordsData(mockDb).records.filter((r) => r.contentId === table.id)).toHaveLength(4);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Cy Lee')).toBeInTheDocument();
    expect(screen.getByText('4 records')).toBeInTheDocument();
  });

  it('shows how far the rows are saved while they are, and cancels the import', async () => {
    const { user, table, container } = await openTable();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await findDialog('Import records');
    const input = dialog.querySelector('input[type="file"]') ?? container.ownerDocument.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const csv = [
      'Name,Email,Contact number,Occupation,Address,About',
      'Cy Lee,cy@example.com,+44 20 7946 0001,Chef,2 High St,Cooks',
      'Ed Wu,ed@example.com,+44 20 7946 0003,Vet,4 High St,Heals',
    ].join('\n');
    await user.upload(input, fileOf(csv, 'people.csv', 'text/csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Check rows' }));
    expect(await within(dialog).findByText('2 rows ready, 0 rows with problems')).toBeInTheDocument();

    // The mock saves at once; a run that takes time and stops on request, as the API's does
    // (server/routes/records/imports.test.ts, "stops a run on request, saving nothing of it").
    let stop: () => void = () => undefined;
    const cancelled = new Promise<void>((resolve) => { stop = resolve; });
    const base = '*/api/v1/spaces/:id/contents/:content_id/records/imports/:import_id/';
    server.use(
      http.get(base, ({ params }) => HttpResponse.json({ data: { import_id: String(params.import_id), state: 'importing', saved: 1, total: 2 } })),
      http.post(`${base}cancel/`, ({ params }) => {
        stop();
        return HttpResponse.json({ data: { import_id: String(params.import_id), state: 'importing', saved: 1, total: 2 } });
      }),
      http.post(base, async () => {
        await cancelled;
        return HttpResponse.json({ message: 'The import was cancelled: nothing was imported.', code: 'conflict' }, { status: 409 });
      }, { once: true }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    expect(await within(dialog).findByText('0 of 2 rows saved')).toBeInTheDocument();
    expect(await within(dialog).findByText('1 of 2 rows saved', undefined, { timeout: 3_000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Rows saved' })).toHaveAttribute('aria-valuenow', '50');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel import' }));
    expect(await within(dialog).findByText('The import was cancelled: nothing was imported.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/rows saved/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
    expect(recordsData(mockDb).records.filter((r) => r.contentId === table.id)).toHaveLength(2);
  });

  it('exports as a CSV download', async () => {
    const { user } = await openTable();
    const created = vi.fn(() => 'blob:records');
    const revoked = vi.fn();
    // A subclass, so the real URL keeps no object URL functions for the files after this one.
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: created, revokeObjectURL: revoked }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByText('CSV'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('Guests.csv');
    const blob = (created.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toContain('"Ana Lima"');
    click.mockRestore();
  });

  it('a viewer sees the records without edit controls', async () => {
    const vic = addHubMember('vic@example.com', 'Vic', 'viewer');
    const space = seedSpace({ name: 'People', members: [[vic, 'viewer']] });
    const { table } = seedTable(space, [contact('Ana Lima')]);
    await signInUser(vic);
    const { user } = renderTable(space, table.id);
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add record' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete record' })).not.toBeInTheDocument();
    await user.click(screen.getByText('Ana Lima'));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });
});

describe('turning an uploaded file into a record table', { timeout: 30_000 }, () => {
  it('offers it on a contact file, prefills the name and the contact template, then opens the import at its mapping', async () => {
    const space = seedSpace({ name: 'People' });
    seedContent(space, {
      name: 'clients.csv', kind: 'contact', rows: [['Cy Lee', 'cy@example.com', null]],
      details: { columns: [{ name: 'Name', type: 'text' }, { name: 'Email', type: 'email' }, { name: 'Phone', type: 'phone' }], row_count: 1 },
    });
    await signInOwner();
    const { user } = await renderContentArea(space);
    await user.click(await screen.findByRole('button', { name: 'More actions for clients.csv' }));
    await user.click(await screen.findByText('Turn into record table'));
    const dialog = await findDialog('Turn into record table');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('clients');
    await user.click(within(dialog).getByRole('button', { name: 'Create and import' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalled());
    const created = mockDb.data.contents.find((c) => c.source === 'records');
    const source = mockDb.data.contents.find((c) => c.name === 'clients.csv');
    expect(created?.details.template_id).toBe(CONTACT_TEMPLATE_ID);
    expect(mockRouter.push).toHaveBeenCalledWith(`/spaces/${space.id}/tables/${created?.id}?import_from=${source?.id}`);

    resetRouter('/spaces/x/tables/y', { import_from: source?.id ?? '' });
    renderTable(space, created?.id ?? '');
    const wizard = await findDialog('Import records');
    expect(await within(wizard).findByText('1 row found. Choose the column that fills each field.')).toBeInTheDocument();
    expect(within(wizard).getByText('e.g. cy@example.com')).toBeInTheDocument();
  });

  it('is not offered to viewers', async () => {
    const vic = addHubMember('vic@example.com', 'Vic', 'viewer');
    const space = seedSpace({ name: 'People', members: [[demoHub().owner, 'owner'], [vic, 'viewer']] });
    seedContent(space, { name: 'done.csv', kind: 'table' });
    await signInUser(vic);
    const { user } = await renderContentArea(space);
    await user.click(await screen.findByRole('button', { name: 'More actions for done.csv' }));
    expect(screen.queryByText('Turn into record table')).not.toBeInTheDocument();
  });
});

describe('search results in record tables', () => {
  it('open the table page at the record found', () => {
    const result = {
      content: { id: 'c1', source: 'records' }, space: { id: 's1', name: 'People' }, rank: 1, snippet: [],
      passage: { position: 0, location: { record: 'r1' }, label: '', start: 0, end: 4 },
    } as unknown as SearchResult;
    expect(resultAddress(result, 'ana')).toBe('/spaces/s1/tables/c1?record=r1');
  });
});

describe('a record table named by a space address', () => {
  it('opens on its own page rather than in the preview', async () => {
    const space = seedSpace({ name: 'People' });
    const { table } = seedTable(space, [contact('Ana Lima')]);
    await signInOwner();
    await renderContentArea(space, { initialPreviewId: table.id });
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith(`/spaces/${space.id}/tables/${table.id}`));
  });
});
