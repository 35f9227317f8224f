import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spacesApi } from '@/client/http/spaces-api';
import { mockDb, server } from '@/mocks/node';
import SpacePage from '@/pages/spaces/[id]';
import { rememberOpenedSpace } from '@/components/spaces/openedSpace';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { addHubMember, demoHub, renderStill, seedSpace, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());

/** Opens the space page, on `tab` when given (the tab lives in the address). */
function openSpace(id: string, tab?: 'members' | 'settings') {
  resetRouter(`/spaces/${id}`, tab ? { id, tab } : { id });
  mockRouter.pathname = '/spaces/[id]';
  return renderStill(<SpacePage />);
}

const panel = (name: string) => screen.getByRole('region', { name });

describe('space page', () => {
  beforeEach(() => resetRouter('/'));

  it('shows the header: name, description, visibility, size and the user’s role', async () => {
    const space = seedSpace({ name: 'Design reviews', description: 'Crits every Friday.', visibility: 'public' });
    await signInOwner();
    openSpace(space.id);
    const title = await screen.findByRole('heading', { level: 1, name: 'Design reviews' });
    const header = title.closest('header') as HTMLElement;
    expect(within(header).getByText('Crits every Friday.')).toBeInTheDocument();
    expect(within(header).getByText('Everyone')).toBeInTheDocument();
    expect(within(header).getByText('1 member')).toBeInTheDocument();
    expect(within(header).getByText('Your role: Owner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All spaces/ })).toHaveAttribute('href', '/');
  });

  it('says the space was not found instead of showing a blank page', async () => {
    await signInOwner();
    openSpace('no-such-space');
    expect(await screen.findByRole('heading', { name: 'Space not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the hub’s spaces' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when the space could not be loaded', async () => {
    const space = seedSpace({ name: 'Design reviews' });
    await signInOwner();
    server.use(http.get('*/api/v1/spaces/:id/', () => HttpResponse.error(), { once: true }));
    const { user } = openSpace(space.id);
    expect(await screen.findByRole('heading', { name: 'We could not load this space' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Design reviews' })).toBeInTheDocument();
  });

  it('shows a viewer neither settings nor archive, and lets them join an open space', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const space = seedSpace({ name: 'Design reviews', visibility: 'public' });
    await signInUser(vic);
    const { user } = openSpace(space.id, 'members');
    await screen.findByRole('heading', { level: 1, name: 'Design reviews' });
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive space' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave space' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join space' }));
    expect(await screen.findByRole('button', { name: 'Leave space' })).toBeInTheDocument();
    expect(await within(panel('Members')).findByText('Vic Viewer (you)')).toBeInTheDocument();
    // Members only see roles; changing them is for owners.
    expect(within(panel('Members')).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('lets an owner rename the space and change its visibility', async () => {
    const space = seedSpace({ name: 'Design reviews', visibility: 'public' });
    await signInOwner();
    const { user } = openSpace(space.id, 'settings');
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const name = within(settings).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Design crits');
    await user.click(within(settings).getByRole('radio', { name: 'Shared' }));
    await user.click(within(settings).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Design crits' })).toBeInTheDocument();
    expect(mockDb.data.spaces[0]).toMatchObject({ name: 'Design crits', visibility: 'shared' });
  });

  it('shows rule messages next to the fields and disables saving while it runs', async () => {
    const space = seedSpace({ name: 'Design reviews' });
    await signInOwner();
    const gate = deferred();
    server.use(
      http.patch('*/api/v1/spaces/:id/', async () => {
        await gate.promise;
        return HttpResponse.json(
          { message: 'Space name is taken.', code: 'conflict', errors: { name: ['Space name is taken.'] } },
          { status: 409 },
        );
      }),
    );
    const { user } = openSpace(space.id, 'settings');
    const settings = await screen.findByRole('region', { name: 'Settings' });
    await user.clear(within(settings).getByLabelText('Name'));
    expect(await within(settings).findByText('Please enter Space name')).toBeInTheDocument();
    await user.type(within(settings).getByLabelText('Name'), 'Roadmap');
    await user.click(within(settings).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(settings).getByRole('button', { name: /Save changes/ })).toBeDisabled());
    gate.release();
    expect(await within(settings).findByText('Space name is taken.')).toBeInTheDocument();
    expect(within(settings).getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('lets an editor who did not create the space keep it from being made private', async () => {
    const eve = addHubMember('eve@example.com', 'Eve Editor', 'editor');
    const space = seedSpace({ name: 'Design reviews', visibility: 'public', members: [[demoHub().owner, 'owner'], [eve, 'editor']] });
    await signInUser(eve);
    openSpace(space.id, 'settings');
    const settings = await screen.findByRole('region', { name: 'Settings' });
    expect(within(settings).getByRole('radio', { name: 'Private' })).toBeDisabled();
    expect(within(settings).getByRole('radio', { name: 'Private' })).toHaveAccessibleDescription(
      'Only the creator of this space can make it private.',
    );
    expect(within(settings).getByRole('radio', { name: 'Shared' })).toBeEnabled();
    // Editors edit; archiving is for owners.
    expect(screen.queryByRole('button', { name: 'Archive space' })).not.toBeInTheDocument();
  });

  it('archives after a confirmation and restores', async () => {
    const space = seedSpace({ name: 'Design reviews' });
    await signInOwner();
    const { user } = openSpace(space.id, 'settings');
    await user.click(await screen.findByRole('button', { name: 'Archive space' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Archive Design reviews?');
    expect(mockDb.data.spaces[0]?.archivedAt).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Archive space' }));
    expect(await screen.findByText('This space is archived')).toBeInTheDocument();
    expect(mockDb.data.spaces[0]?.archivedAt).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'Settings' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Design reviews' }));
    await waitFor(() => expect(screen.queryByText('This space is archived')).not.toBeInTheDocument());
    expect(mockDb.data.spaces[0]?.archivedAt).toBeNull();
  });

  it('lets an owner change a member’s role and remove them', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const { owner } = demoHub();
    const space = seedSpace({ name: 'Design reviews', members: [[owner, 'owner'], [vic, 'viewer']] });
    await signInOwner();
    const { user } = openSpace(space.id, 'members');
    const members = await screen.findByRole('region', { name: 'Members' });
    const vicRow = await within(members).findByRole('listitem', { name: 'Vic Viewer' });
    // One's own row offers no removal: Leave is how one goes.
    expect(within(within(members).getByRole('listitem', { name: 'Dana Demo' })).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.click(within(vicRow).getByRole('combobox', { name: 'Role of Vic Viewer' }));
    await user.click(await screen.findByTitle('Editor'));
    await waitFor(() =>
      expect(mockDb.data.spaceMemberships.find((m) => m.userId === vic.id)?.role).toBe('editor'),
    );

    await user.click(within(members).getByRole('button', { name: 'Remove Vic Viewer' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(members).queryByRole('listitem', { name: 'Vic Viewer' })).not.toBeInTheDocument());
    expect(mockDb.data.spaceMemberships.some((m) => m.userId === vic.id)).toBe(false);
  });

  it('lets an owner add a member of the hub, and checks the choice first', async () => {
    addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const space = seedSpace({ name: 'Design reviews' });
    await signInOwner();
    const { user } = openSpace(space.id, 'members');
    const members = await screen.findByRole('region', { name: 'Members' });
    await user.click(within(members).getByRole('button', { name: 'Add to space' }));
    expect(await within(members).findByText('Please choose a member of the hub')).toBeInTheDocument();
    await user.click(within(members).getByRole('combobox', { name: 'Hub member' }));
    await user.click(await screen.findByTitle('Vic Viewer (vic@example.com)'));
    await user.click(within(members).getByRole('combobox', { name: 'Space role' }));
    await user.click(await screen.findByTitle('Editor'));
    await user.click(within(members).getByRole('button', { name: 'Add to space' }));
    expect(await within(members).findByRole('listitem', { name: 'Vic Viewer' })).toBeInTheDocument();
    const header = screen.getByRole('heading', { level: 1 }).closest('header') as HTMLElement;
    await waitFor(() => expect(within(header).getByText('2 members')).toBeInTheDocument());
    expect(mockDb.data.spaceMemberships.map((m) => m.role)).toEqual(['owner', 'editor']);
  });

  it('does not offer adding members to a viewer', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const space = seedSpace({ name: 'Design reviews', members: [[vic, 'viewer']] });
    await signInUser(vic);
    openSpace(space.id, 'members');
    const members = await screen.findByRole('region', { name: 'Members' });
    await within(members).findByText('Vic Viewer (you)');
    expect(within(members).queryByRole('button', { name: 'Add to space' })).not.toBeInTheDocument();
  });

  it('leaves a shared space and goes back to the list', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const space = seedSpace({ name: 'Roadmap', visibility: 'shared', members: [[vic, 'editor']] });
    await signInUser(vic);
    const { user } = openSpace(space.id);
    await user.click(await screen.findByRole('button', { name: 'Leave space' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/'));
    expect(mockDb.data.spaceMemberships).toHaveLength(0);
  });

  // When the API refuses is its rule (server/routes/spaces/manage.test.ts); this is how the page shows it.
  it('explains why leaving was refused, and stays', async () => {
    const { owner } = demoHub();
    const olga = addHubMember('olga@example.com', 'Olga Owner', 'editor');
    const space = seedSpace({ name: 'Design reviews', members: [[owner, 'owner'], [olga, 'owner']] });
    const reason = 'You are the only owner of this space. Make another member an owner before you leave.';
    server.use(http.post('*/api/v1/spaces/:id/leave/', () => HttpResponse.json({ code: 'last_owner', message: reason }, { status: 422 })));
    await signInOwner();
    const { user } = openSpace(space.id);
    await user.click(await screen.findByRole('button', { name: 'Leave space' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(mockRouter.push).not.toHaveBeenCalled();
  });
});

describe('space page followed from its card on the hub home', () => {
  beforeEach(() => resetRouter('/'));

  /** Holds GET spaces/:id/ until released, then lets the mock API answer. */
  function holdSpaceRequest() {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/spaces/:id/', async () => {
        await gate.promise;
      }, { once: true }),
    );
    return gate;
  }

  it('shows the card’s space at once and loads its members without waiting for the space', async () => {
    const space = seedSpace({ name: 'Design reviews' });
    await signInOwner();
    rememberOpenedSpace(useAuthStore.getState().user!.id, (await spacesApi.get(space.id)).data);
    const gate = holdSpaceRequest();
    openSpace(space.id, 'members');
    expect(screen.getByRole('heading', { level: 1, name: 'Design reviews' })).toBeInTheDocument();
    expect(await within(panel('Members')).findByText('Dana Demo (you)')).toBeInTheDocument();
    gate.release();
  });

  it('does not show a card that someone else followed', async () => {
    const space = seedSpace({ name: 'Design reviews', visibility: 'public' });
    await signInOwner();
    rememberOpenedSpace(useAuthStore.getState().user!.id, (await spacesApi.get(space.id)).data);
    await signInUser(addHubMember('vic@example.com', 'Vic Viewer', 'viewer'));
    const gate = holdSpaceRequest();
    openSpace(space.id);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    gate.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Design reviews' })).toBeInTheDocument();
  });
});
