import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noteDraftId } from '@/components/contents/NoteEditor';
import { mockDb } from '@/mocks/node';
import { DRAFT_LIST_KEY, draftKey, getDraft } from '@/store/drafts';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { writeInEditor } from '@/tests/prosemirror-dom';
import { resetRouter } from '@/tests/router';
import { seedSpace, signInOwner } from '../spaces/fixtures';
import { findDialog, renderContentArea, seedContent } from './fixtures';

// The editor loads with the first note opened: on a busy machine that can take several seconds.
const editorLoads = { timeout: 15_000 };

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/spaces/x'));
// The editor loads on first use; loaded here, the first test does not wait for it.
beforeAll(() => import('@/components/contents/editor/NoteBodyEditor'));

const contentList = () => screen.getByRole('list', { name: 'Content of this space' });

type User = Awaited<ReturnType<typeof renderContentArea>>['user'];

async function newNote(user: User, button: 'New note' | 'Continue note' = 'New note') {
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await findDialog('New note');
  return { user, dialog, title: within(dialog).getByLabelText('Title'), body: await within(dialog).findByRole('textbox', { name: 'Note' }, editorLoads) };
}

describe('note drafts', { timeout: 30_000 }, () => {
  it('saves the draft as the user types, under its own key and in the list of drafts', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const { user } = await renderContentArea(space);
    const { dialog, title, body } = await newNote(user);
    await user.type(title, 'Standup');
    await writeInEditor(user, body, 'Ana ships');
    const id = noteDraftId(space.id, null);
    expect(id).toBe(`note:${space.id}:new`);
    expect(getDraft(id)?.data).toEqual({ title: 'Standup', body: 'Ana ships' });
    expect(JSON.parse(window.localStorage.getItem(DRAFT_LIST_KEY) ?? '[]')).toEqual([draftKey(id)]);
    expect(within(dialog).getByText('Draft saved on this device')).toBeInTheDocument();
    expect(mockDb.data.contents).toHaveLength(0);
  });

  it('restores the draft after the page is left and opened again, and discards it on request', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const first = await renderContentArea(space);
    const typing = await newNote(first.user);
    await first.user.type(typing.title, 'Standup');
    await writeInEditor(first.user, typing.body, 'Ana ships');
    first.unmount();

    const { user } = await renderContentArea(space);
    const { dialog, title, body } = await newNote(user, 'Continue note');
    expect(within(dialog).getByText('Draft restored')).toBeInTheDocument();
    expect(title).toHaveValue('Standup');
    expect(body).toHaveTextContent('Ana ships');

    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(title).toHaveValue('');
    await waitFor(() => expect(body.textContent).toBe(''));
    expect(within(dialog).queryByText('Draft restored')).not.toBeInTheDocument();
    expect(getDraft(noteDraftId(space.id, null))).toBeNull();
  });

  it('removes the draft once the note is saved', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const { user } = await renderContentArea(space);
    const { dialog, title, body } = await newNote(user);
    await user.type(title, 'Standup');
    await writeInEditor(user, body, 'Ana ships');
    await user.click(within(dialog).getByRole('button', { name: 'Create note' }));

    expect(await within(contentList()).findByRole('listitem', { name: 'Standup' })).toBeInTheDocument();
    expect(getDraft(noteDraftId(space.id, null))).toBeNull();
    expect(window.localStorage.getItem(DRAFT_LIST_KEY)).toBe('[]');
    expect(mockDb.data.contents[0]).toMatchObject({ source: 'note', name: 'Standup', body: 'Ana ships' });
    expect(screen.getByRole('button', { name: 'New note' })).toBeInTheDocument();
  });

  it('edits a note with its own draft, and saves it with PATCH …/note/', async () => {
    const space = seedSpace({ name: 'Launch' });
    const note = seedContent(space, { name: 'Standup', kind: 'general', source: 'note', body: 'Monday: plan', details: { characters: 12 } });
    await signInOwner();
    const first = await renderContentArea(space);
    await first.user.click(await screen.findByRole('button', { name: 'More actions for Standup' }));
    await first.user.click(await screen.findByRole('menuitem', { name: /Edit note/ }));
    let dialog = await findDialog('Edit note');
    const body = await within(dialog).findByRole('textbox', { name: 'Note' });
    expect(body).toHaveTextContent('Monday: plan');
    await writeInEditor(first.user, body, '\nTuesday: build');
    expect(getDraft(noteDraftId(space.id, note.id))?.data).toEqual({ title: 'Standup', body: 'Monday: plan\n\nTuesday: build' });
    first.unmount();

    const second = await renderContentArea(space);
    await second.user.click(await screen.findByRole('button', { name: 'More actions for Standup' }));
    await second.user.click(await screen.findByRole('menuitem', { name: /Edit note/ }));
    dialog = await findDialog('Edit note');
    expect(await within(dialog).findByText('Draft restored')).toBeInTheDocument();
    const restored = await within(dialog).findByRole('textbox', { name: 'Note' });
    expect(restored.querySelectorAll('p')).toHaveLength(2);
    expect(restored).toHaveTextContent('Monday: planTuesday: build');
    await second.user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    await waitFor(() => expect(note.body).toBe('Monday: plan\n\nTuesday: build'));
    expect(getDraft(noteDraftId(space.id, note.id))).toBeNull();
    expect(mockDb.data.contents).toHaveLength(1);
  });
});
