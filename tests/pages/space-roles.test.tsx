import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockDb, server } from '@/mocks/node';
import SpacePage from '@/pages/spaces/[id]';
import ArchivedSpacesPage from '@/pages/spaces/archived';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { addHubMember, demoHub, renderStill, seedSpace, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();

function openSpace(id: string, tab?: 'members' | 'settings') {
  resetRouter(`/spaces/${id}`, tab ? { id, tab } : { id });
  mockRouter.pathname = '/spaces/[id]';
  return renderStill(<SpacePage />);
}

const membersPanel = () => screen.getByRole('region', { name: 'Members' });

/** The drop-down option titled `title` of the select opened last (a select's shown value carries the title too). */
const optionTitled = (title: string) =>
  waitFor(() => {
    const options = document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
    const last = options[options.length - 1];
    if (!last) throw new Error(`no option ${title}`);
    return last;
  });
const roleOf = (userId: string) => mockDb.data.spaceMemberships.find((m) => m.userId === userId)?.role;

describe('space tabs', () => {
  beforeEach(() => resetRouter('/'));

  it('opens on Content, and keeps the chosen tab in the address so Back and links find it', async () => {
    const space = seedSpace({ name: 'Design reviews' });
    await signInOwner();
    const { user } = openSpace(space.id);
    expect(await screen.findByRole('tab', { name: 'Content', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(mockRouter.push).toHaveBeenLastCalledWith(`/spaces/${space.id}?tab=members`, undefined, { shallow: true, scroll: false });
    expect(await within(membersPanel()).findByText('Dana Demo (you)')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    expect(mockRouter.push).toHaveBeenLastCalledWith(`/spaces/${space.id}`, undefined, { shallow: true, scroll: false });
  });

  it('shows Settings only to those whose abilities allow managing the space; a link to it opens Content for others', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const space = seedSpace({ name: 'Design reviews', members: [[demoHub().owner, 'owner'], [vic, 'viewer']] });
    await signInOwner();
    const first = openSpace(space.id, 'settings');
    expect(await screen.findByRole('tab', { name: 'Settings', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Settings' })).toBeInTheDocument();
    first.unmount();

    await signInUser(vic);
    openSpace(space.id, 'settings');
    expect(await screen.findByRole('tab', { name: 'Content', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
  });
});

describe('archived spaces', () => {
  beforeEach(() => resetRouter('/spaces/archived'));

  it('lists the archived spaces and restores one, saying so', async () => {
    seedSpace({ name: 'Open room' });
    const old = seedSpace({ name: 'Old plans', archived: true });
    await signInOwner();
    const { user } = renderStill(<ArchivedSpacesPage />);
    const list = await screen.findByRole('list', { name: 'Archived spaces' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Old plans' })).toHaveAttribute('href', `/spaces/${old.id}`);
    await user.click(within(list).getByRole('button', { name: 'Restore Old plans' }));
    expect(await screen.findByText('Old plans is restored.')).toBeInTheDocument();
    expect(await screen.findByText('No archived spaces')).toBeInTheDocument();
    expect(mockDb.data.spaces.find((s) => s.id === old.id)?.archivedAt).toBeNull();
  });

  it('offers Restore only to those allowed', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    seedSpace({ name: 'Old plans', archived: true });
    await signInUser(vic);
    renderStill(<ArchivedSpacesPage />);
    const list = await screen.findByRole('list', { name: 'Archived spaces' });
    expect(within(list).getByRole('link', { name: 'Old plans' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });

  it('says on an archived space that it is archived, with Restore, and nothing can be added meanwhile', async () => {
    const space = seedSpace({ name: 'Old plans', archived: true });
    await signInOwner();
    const { user } = openSpace(space.id);
    // Said once, by the page's banner above the tabs.
    expect(await screen.findByText('This space is archived')).toBeInTheDocument();
    expect(await screen.findByText(/Nothing was added before it was archived\./)).toBeInTheDocument();
    expect(screen.getAllByText(/This space is archived/)).toHaveLength(1);
    expect(screen.queryByText(/Editors and owners of the space can add them/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Old plans' }));
    expect(await screen.findByText('Old plans is restored.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('This space is archived')).not.toBeInTheDocument());
  });
});

describe('role changes', () => {
  beforeEach(() => resetRouter('/'));

  async function ownerWithVic() {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const space = seedSpace({ name: 'Design reviews', visibility: 'shared', members: [[demoHub().owner, 'owner'], [vic, 'viewer']] });
    await signInOwner();
    const rendered = openSpace(space.id, 'members');
    const row = await within(await screen.findByRole('region', { name: 'Members' })).findByRole('listitem', { name: 'Vic Viewer' });
    const pick = async (role: string) => {
      await rendered.user.click(within(row).getByRole('combobox', { name: 'Role of Vic Viewer' }));
      await rendered.user.click(await optionTitled(role));
    };
    return { vic, space, pick, ...rendered };
  }

  it('says what happened after each change', async () => {
    const { vic, pick } = await ownerWithVic();
    await pick('Editor');
    expect(await screen.findByText('Vic Viewer is now an editor.')).toBeInTheDocument();
    expect(roleOf(vic.id)).toBe('editor');
  });

  it('asks first before making someone an owner, explaining what an owner can do', async () => {
    const { vic, pick, user } = await ownerWithVic();
    await pick('Owner');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Make Vic Viewer an owner of Design reviews?');
    expect(dialog).toHaveTextContent(/change anyone’s role in it, remove its members, make others owners, and archive or restore it/);
    expect(roleOf(vic.id)).toBe('viewer');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(roleOf(vic.id)).toBe('viewer');

    await pick('Owner');
    // The cancelled dialog may still be leaving (antd's motion): the question is asked anew.
    const again = await waitFor(() => {
      const [fresh] = screen.getAllByRole('dialog').filter((d) => d !== dialog);
      if (!fresh) throw new Error('not asked again');
      return fresh;
    });
    await user.click(within(again).getByRole('button', { name: 'Make owner' }));
    expect(await screen.findByText('Vic Viewer is now an owner.')).toBeInTheDocument();
    expect(roleOf(vic.id)).toBe('owner');
  });

  it('tells the only owner at once that they cannot lower their own role, asking nothing and sending nothing', async () => {
    const { user } = await ownerWithVic();
    const changes: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH') changes.push(request.url);
    });
    const me = within(membersPanel()).getByRole('listitem', { name: 'Dana Demo' });
    await user.click(within(me).getByRole('combobox', { name: 'Role of Dana Demo' }));
    await user.click(await optionTitled('Viewer'));
    expect(await within(me).findByRole('alert')).toHaveTextContent('You are the only owner of Design reviews. Make someone else owner first.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(changes).toEqual([]);
    server.events.removeAllListeners();
  });
});

describe('leaving a space', () => {
  beforeEach(() => resetRouter('/'));

  it('tells the only owner at once, without a confirmation to leave', async () => {
    const space = seedSpace({ name: 'Design reviews' });
    await signInOwner();
    const { user } = openSpace(space.id);
    await user.click(await screen.findByRole('button', { name: 'Leave space' }));
    expect(await screen.findByText('You are the only owner of Design reviews — make someone else owner first.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockDb.data.spaceMemberships).toHaveLength(1);
  });

  it('asks an owner who is not the only one, and then leaves', async () => {
    const olga = addHubMember('olga@example.com', 'Olga Owner', 'editor');
    const space = seedSpace({ name: 'Roadmap', visibility: 'shared', members: [[demoHub().owner, 'owner'], [olga, 'owner']] });
    await signInOwner();
    const { user } = openSpace(space.id);
    await user.click(await screen.findByRole('button', { name: 'Leave space' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Leave Roadmap?');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/'));
  });
});

describe('adding a member', () => {
  beforeEach(() => resetRouter('/'));

  it('offers only hub members not in the space yet, never the one adding', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    addHubMember('ada@example.com', 'Ada Lovelace', 'viewer');
    const space = seedSpace({ name: 'Design reviews', visibility: 'shared', members: [[demoHub().owner, 'owner'], [vic, 'viewer']] });
    await signInOwner();
    const { user } = openSpace(space.id, 'members');
    await user.click(await within(await screen.findByRole('region', { name: 'Members' })).findByRole('combobox', { name: 'Hub member' }));
    expect(await screen.findByTitle('Ada Lovelace (ada@example.com)')).toBeInTheDocument();
    expect(screen.queryByTitle('Vic Viewer (vic@example.com)')).not.toBeInTheDocument();
    expect(screen.queryByTitle(/Dana Demo/)).not.toBeInTheDocument();
  });
});

describe('an Everyone space one has not joined', () => {
  beforeEach(() => resetRouter('/'));

  it('offers a hub editor joining, not adding, and no role in it until they join', async () => {
    const eve = addHubMember('eve@example.com', 'Eve Editor', 'editor');
    const space = seedSpace({ name: 'Design reviews', visibility: 'public' });
    await signInUser(eve);
    const { user } = openSpace(space.id);
    const header = (await screen.findByRole('heading', { level: 1, name: 'Design reviews' })).closest('header') as HTMLElement;
    expect(within(header).getByText('Not a member')).toBeInTheDocument();
    expect(within(header).queryByText(/Your role/)).not.toBeInTheDocument();
    expect(screen.getByText('Join Design reviews to take part')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New note/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add contact/ })).not.toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'Join space' }));
    expect(await within(header).findByText('Your role: Editor')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /New note/ })).toBeInTheDocument();
  });
});

describe('invitation results', () => {
  beforeEach(() => resetRouter('/'));

  it('keeps what went out (green) apart from what did not (warning), naming each address', async () => {
    const space = seedSpace({ name: 'Design reviews', visibility: 'shared' });
    server.use(
      http.post('*/api/v1/spaces/:id/invitations/', () =>
        HttpResponse.json({
          data: [
            { email: 'ana@acme.io', outcome: 'invited', invitation: null },
            { email: 'ada@acme.io', outcome: 'already_member', invitation: null },
          ],
        }, { status: 201 }),
      ),
    );
    await signInOwner();
    const { user } = openSpace(space.id, 'members');
    const invite = await screen.findByRole('region', { name: 'Invite by email' });
    await user.type(within(invite).getByRole('combobox', { name: 'Emails' }), 'ana@acme.io, ada@acme.io,');
    await user.click(within(invite).getByRole('button', { name: 'Send invitations' }));
    const sent = (await within(invite).findByText('ana@acme.io is invited.')).closest('.ant-alert') as HTMLElement;
    expect(sent).toHaveClass('ant-alert-success');
    expect(sent).not.toHaveTextContent('ada@acme.io');
    const notSent = within(invite).getByText('ada@acme.io is already a member; nothing was sent.').closest('.ant-alert') as HTMLElement;
    expect(notSent).toHaveClass('ant-alert-warning');
  }, 30_000);

  it('says which address is not valid', async () => {
    const space = seedSpace({ name: 'Design reviews', visibility: 'shared' });
    await signInOwner();
    const { user } = openSpace(space.id, 'members');
    const invite = await screen.findByRole('region', { name: 'Invite by email' });
    await user.type(within(invite).getByRole('combobox', { name: 'Emails' }), 'ben@acme.io, ada@,');
    await user.click(within(invite).getByRole('button', { name: 'Send invitations' }));
    expect(await within(invite).findByText('ada@ is not a valid email address')).toBeInTheDocument();
  }, 30_000);
});
