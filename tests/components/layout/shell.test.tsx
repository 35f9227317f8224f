import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '@/components/layout/AppLayout';
import { ShellPartsContext, type NewSpaceProps } from '@/components/layout/shellParts';
import { Sidebar } from '@/components/layout/Sidebar';
import { useSidebarSpaces } from '@/components/layout/sidebarSpaces';
import { CommandPalette } from '@/components/spaces/CommandPalette';
import { CreateSpaceModal } from '@/components/spaces/CreateSpaceModal';
import { mockDb, server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { demoHub, renderStill, seedSpace, signInOwner } from '../spaces/fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());
beforeEach(() => {
  // jsdom lays nothing out, so it has no scrolling either.
  Element.prototype.scrollIntoView = vi.fn();
  resetRouter('/');
  useSidebarSpaces.setState(useSidebarSpaces.getInitialState(), true);
});

const wait = { timeout: 5_000 };
const parts = {
  CommandPalette,
  NewSpace: (props: NewSpaceProps) => <CreateSpaceModal {...props} onCreated={props.onClose} />,
};

/** The signed-in shell around a page, with the app's palette and "New space". */
async function renderShell() {
  await signInOwner();
  return renderStill(
    <ShellPartsContext value={parts}>
      <AppLayout>
        <h1>Page</h1>
        <button type="button">In the page</button>
      </AppLayout>
    </ShellPartsContext>,
  );
}

/** The names of a side bar group's spaces. */
const group = (name: string) =>
  within(screen.getByRole('list', { name })).getAllByRole('link').map((link) => link.textContent);

describe('the side bar', { timeout: 30_000 }, () => {
  it('groups the spaces: starred, recently opened, then the rest by name; the open space is marked', async () => {
    const { owner } = demoHub();
    const spaces = ['Zebra', 'Apple', 'Mango', 'Kiwi'].map((name) => seedSpace({ name }));
    const [zebra, , mango, kiwi] = spaces;
    zebra!.marks = { [owner.id]: { starredAt: mockDb.now(), visitedAt: null } };
    mango!.marks = { [owner.id]: { starredAt: null, visitedAt: '2026-02-01T00:00:00Z' } };
    resetRouter('/spaces/[id]', { id: kiwi!.id });
    await renderShell();
    await waitFor(() => expect(group('Starred')).toEqual(['Zebra']), wait);
    // Kiwi is open now: it joins "Recent" first.
    expect(group('Recent')).toEqual(['Kiwi', 'Mango']);
    expect(group('All spaces')).toEqual(['Apple']);
    expect(screen.getByRole('link', { name: 'Kiwi' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Kiwi' })).toHaveAttribute('href', `/spaces/${kiwi!.id}`);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('stars and unstars a space through the API', async () => {
    seedSpace({ name: 'Roadmap' });
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method !== 'GET' && request.url.includes('/api/v1/')) asked.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    const { user } = await renderShell();
    const { id } = mockDb.data.spaces[0]!;
    await user.click(await screen.findByRole('button', { name: 'Star Roadmap' }, wait));
    await waitFor(() => expect(group('Starred')).toEqual(['Roadmap']), wait);
    expect(screen.getByRole('button', { name: 'Unstar Roadmap' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Unstar Roadmap' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Starred' })).not.toBeInTheDocument(), wait);
    expect(asked).toEqual([`PUT /api/v1/spaces/${id}/star/`, `DELETE /api/v1/spaces/${id}/star/`]);
  });

  it('offers a filter once there are many spaces', async () => {
    for (let i = 1; i <= 9; i++) seedSpace({ name: `Team ${i}` });
    seedSpace({ name: 'Budget' });
    await signInOwner();
    const { user } = renderStill(<Sidebar onNewSpace={() => undefined} />);
    const filter = await screen.findByRole('textbox', { name: 'Filter spaces' }, wait);
    await user.type(filter, 'budg');
    await waitFor(() => expect(screen.getAllByRole('link').filter((l) => l.getAttribute('href')?.startsWith('/spaces/')).map((l) => l.textContent))
      .toEqual(['Budget']), wait);
    await user.type(filter, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No spaces match “budgzzz”.');
  });

  it('opens a new space once "New space" creates it', async () => {
    const { user } = await renderShell();
    await user.click(await screen.findByRole('button', { name: 'New space' }, wait));
    const dialog = await screen.findByRole('dialog', {}, wait);
    await user.type(within(dialog).getByLabelText('Name'), 'Launch');
    await user.click(within(dialog).getByRole('button', { name: /Create space$/ }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(`/spaces/${mockDb.data.spaces[0]!.id}`), wait);
    expect(await screen.findByRole('link', { name: 'Launch' }, wait)).toHaveAttribute('href', `/spaces/${mockDb.data.spaces[0]!.id}`);
  });
});

describe('keyboard', { timeout: 30_000 }, () => {
  it('the palette finds spaces even when no side bar has loaded them (a phone, whose drawer is closed)', async () => {
    seedSpace({ name: 'Roadmap' });
    await signInOwner();
    const { user } = renderStill(<CommandPalette open onClose={() => undefined} onNewSpace={() => undefined} />);
    await user.type(await screen.findByRole('combobox', { name: 'Search or jump to' }, wait), 'road');
    expect(await screen.findByRole('option', { name: 'Roadmap' }, wait)).toBeInTheDocument();
  });

  it('the first Tab reaches "Skip to content", which moves the focus to the page', async () => {
    const { user } = await renderShell();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    await user.keyboard('{Enter}');
    expect(document.getElementById('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'In the page' })).toHaveFocus();
  });

  it('Ctrl-K opens the palette; the arrows choose, Enter opens, and Escape closes', async () => {
    seedSpace({ name: 'Roadmap' });
    seedSpace({ name: 'Research' });
    const { user } = await renderShell();
    await screen.findByRole('link', { name: 'Roadmap' }, wait);
    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox', { name: 'Search or jump to' }, wait);
    await waitFor(() => expect(box).toHaveFocus(), wait);
    await user.type(box, 'r');
    const options = () => within(screen.getByRole('listbox', { name: 'Commands' })).getAllByRole('option');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(expect.arrayContaining(['Research', 'Roadmap', 'Search for “r”'])), wait);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    await user.keyboard('{Enter}');
    const roadmap = mockDb.data.spaces.find((s) => s.name === 'Roadmap')!;
    expect(mockRouter.push).toHaveBeenCalledWith(`/spaces/${roadmap.id}`);
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Search or jump to' })).not.toBeInTheDocument(), wait);

    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('combobox', { name: 'Search or jump to' }, wait);
    await user.type(again, 'budget');
    await waitFor(() => expect(options().map((o) => o.textContent)).toContain('Search for “budget”'), wait);
    const search = options().findIndex((o) => o.textContent === 'Search for “budget”');
    for (let i = 0; i < search; i++) await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(mockRouter.push).toHaveBeenLastCalledWith('/search?q=budget');

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: 'Search or jump to' }, wait);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Search or jump to' })).not.toBeInTheDocument(), wait);
    act(() => undefined);
  });
});
