import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockDb } from '@/mocks/node';
import type { MockSpace } from '@/mocks/state';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { writeInEditor } from '@/tests/prosemirror-dom';
import { resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { seedSpace, signInOwner } from '../spaces/fixtures';
import { fileOf, findDialog, finishProcessing, pngBytes, renderContentArea, seedContent, stubNodeMultipart } from './fixtures';

// The editor loads with the first note opened: on a busy machine that can take several seconds.
const editorLoads = { timeout: 15_000 };

setupMockServer();
stubNodeMultipart();
resetAuthAfterEach();
beforeEach(() => resetRouter('/spaces/x'));

// jsdom has no object URLs; the editor shows a just-uploaded image from its own bytes.
beforeAll(async () => {
  URL.createObjectURL = () => 'blob:picture';
  URL.revokeObjectURL = () => undefined;
  // The editor and the note view load on first use; loaded here, the first test does not wait for them.
  await Promise.all([import('@/components/contents/editor/NoteBodyEditor'), import('@/components/contents/editor/NoteView')]);
});

async function openNewNote(space: MockSpace) {
  const { user, unmount } = await renderContentArea(space);
  await user.click(await screen.findByRole('button', { name: /New note|Continue note/ }));
  const dialog = await findDialog('New note');
  const body = await within(dialog).findByRole('textbox', { name: 'Note' }, editorLoads);
  const tool = (name: string | RegExp) => within(within(dialog).getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name });
  return { user, unmount, dialog, body, tool };
}

describe('the note editor', { timeout: 90_000 }, () => {
  it('makes a heading and a checklist with the toolbar and saves them as Markdown', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const { user, dialog, body, tool } = await openNewNote(space);
    await user.type(within(dialog).getByLabelText('Title'), 'Plan');

    await writeInEditor(user, body, 'Week one');
    await user.click(tool('H1 Heading 1'));
    expect(tool('H1 Heading 1')).toHaveAttribute('aria-pressed', 'true');
    expect(within(body).getByRole('heading', { level: 1, name: 'Week one' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.click(tool('Checklist'));
    await user.paste('Book the room');
    expect(within(body).getByRole('checkbox')).not.toBeChecked();
    await user.keyboard('{Enter}');
    await user.click(tool('Checklist'));
    await user.click(tool('Bullet list'));
    await user.paste('Ana');

    await user.click(within(dialog).getByRole('button', { name: 'Create note' }));
    await waitFor(() => expect(mockDb.data.contents).toHaveLength(1));
    expect(mockDb.data.contents[0]).toMatchObject({ source: 'note', name: 'Plan', body: '# Week one\n\n- [ ] Book the room\n\n- Ana' });
  });

  it('brings back a formatted draft as formatted text', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const first = await openNewNote(space);
    await writeInEditor(first.user, first.body, 'Agenda');
    await first.user.click(first.tool('H2 Heading 2'));
    await first.user.keyboard('{Enter}');
    await first.user.click(first.tool('Checklist'));
    await first.user.paste('Budget');
    first.unmount();

    const { dialog, body } = await openNewNote(space);
    expect(within(dialog).getByText('Draft restored')).toBeInTheDocument();
    expect(within(body).getByRole('heading', { level: 2, name: 'Agenda' })).toBeInTheDocument();
    expect(within(body).getByRole('listitem')).toHaveTextContent('Budget');
    expect(within(body).getByRole('checkbox')).not.toBeChecked();
    expect(body).not.toHaveTextContent('##');
  });

  it('links only to web and e-mail addresses, saying so next to the field', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const { user, dialog, body, tool } = await openNewNote(space);
    await user.type(within(dialog).getByLabelText('Title'), 'Links');
    await writeInEditor(user, body, 'See ');

    await user.click(tool('Link'));
    const address = await screen.findByRole('textbox', { name: 'Link address' });
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a full address starting with https://, http:// or mailto:.');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(within(body).queryByRole('link')).not.toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'https://acme.io/plan');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(body).findByRole('link', { name: 'https://acme.io/plan' })).toHaveAttribute('href', 'https://acme.io/plan');

    await user.click(within(dialog).getByRole('button', { name: 'Create note' }));
    await waitFor(() => expect(mockDb.data.contents).toHaveLength(1));
    expect(mockDb.data.contents[0]?.body).toBe('See [https://acme.io/plan](https://acme.io/plan)');
  });

  it('uploads a picked image into the space and puts it in the note as a link to that item', async () => {
    const space = seedSpace({ name: 'Launch' });
    await signInOwner();
    const { user, dialog, body } = await openNewNote(space);
    await user.type(within(dialog).getByLabelText('Title'), 'Whiteboard');
    await writeInEditor(user, body, 'Board: ');
    const input = within(dialog).getByLabelText('Choose images');
    await userEvent.setup().upload(input, fileOf(pngBytes(), 'board.png', 'image/png'));

    const image = await within(body).findByRole('img', { name: 'board.png' });
    expect(image).toHaveAttribute('src', 'blob:picture');
    const uploaded = mockDb.data.contents.find((c) => c.name === 'board.png');
    expect(uploaded).toMatchObject({ kind: 'image', source: 'upload', spaceId: space.id });

    await user.click(within(dialog).getByRole('button', { name: 'Create note' }));
    await waitFor(() => expect(mockDb.data.contents.find((c) => c.source === 'note')?.body).toBe(`Board: ![board.png](content:${uploaded?.id})`));
  });

  it('shows a note formatted in the preview, its checklist read-only and its images from the space', async () => {
    const space = seedSpace({ name: 'Launch' });
    const picture = seedContent(space, { name: 'board.png', kind: 'image', mimeType: 'image/png', details: { has_thumbnail: true } });
    finishProcessing(picture);
    const markdown = `# Plan\n\n- [x] Book the room\n- [ ] Send invites\n\nSee **this**: ![board.png](content:${picture.id})`;
    seedContent(space, { name: 'Standup', kind: 'general', source: 'note', body: markdown, details: { characters: markdown.length } });
    await signInOwner();
    const { user } = await renderContentArea(space);
    await user.click(await screen.findByRole('button', { name: 'Preview Standup' }));
    const drawer = await findDialog('Book the room');
    const text = within(drawer).getByRole('article', { name: 'Text of Standup' });

    expect(within(text).getByRole('heading', { level: 1, name: 'Plan' })).toBeInTheDocument();
    const boxes = within(text).getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toBeChecked();
    expect(boxes[0]).toBeDisabled();
    expect(boxes[1]).not.toBeChecked();
    expect(within(text).getByText('this').tagName).toBe('STRONG');
    expect(text).not.toHaveTextContent('#');
    expect(text).not.toHaveTextContent('[x]');
    expect(text.querySelector('[contenteditable="true"]')).toBeNull();
    // A stand-in says the picture is loading until the space answers with its address.
    await waitFor(() => expect(within(text).getByRole('img', { name: 'board.png' })).toHaveAttribute('src', expect.stringContaining(picture.id)));
  });
});
