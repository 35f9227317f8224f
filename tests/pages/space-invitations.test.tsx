import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockDb, server } from '@/mocks/node';
import SpacePage from '@/pages/spaces/[id]';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { addHubMember, demoHub, renderStill, seedSpace, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();

function openSpace(id: string) {
  resetRouter(`/spaces/${id}`, { id, tab: 'members' });
  mockRouter.pathname = '/spaces/[id]';
  return renderStill(<SpacePage />);
}

const region = () => screen.getByRole('region', { name: 'Invite by email' });
const emailsBox = () => within(region()).getByRole('combobox', { name: 'Emails' });
const spaceInvitations = (spaceId: string) => mockDb.data.invitations.filter((i) => i.spaceId === spaceId);

describe('space invitations', () => {
  beforeEach(() => resetRouter('/'));

  it('invites several addresses into the space with a role and lists them as pending', async () => {
    const space = seedSpace({ name: 'Design reviews', visibility: 'shared' });
    await signInOwner();
    const { user } = openSpace(space.id);
    await screen.findByRole('heading', { level: 1, name: 'Design reviews' });
    await user.type(emailsBox(), 'ana@acme.io, ben@acme.io,');
    await user.click(within(region()).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByTitle('Editor'));
    await user.click(within(region()).getByRole('button', { name: 'Send invitations' }));
    expect(await within(region()).findByText('ana@acme.io is invited.')).toBeInTheDocument();
    expect(within(region()).getByText('ben@acme.io is invited.')).toBeInTheDocument();
    const pending = within(region()).getByRole('region', { name: 'Pending invitations' });
    expect(await within(pending).findByRole('listitem', { name: 'ana@acme.io' })).toBeInTheDocument();
    expect(within(pending).getByRole('listitem', { name: 'ben@acme.io' })).toBeInTheDocument();
    expect(spaceInvitations(space.id).map((i) => [i.email, i.role])).toEqual([['ana@acme.io', 'editor'], ['ben@acme.io', 'editor']]);
    // A space invitation is not the hub's: the hub's list stays empty.
    expect(mockDb.data.invitations.filter((i) => !i.spaceId)).toEqual([]);
  }, 30_000); // typing into the tags field and picking a role are many real events

  it('checks the addresses before sending', async () => {
    const space = seedSpace({ name: 'Design reviews', visibility: 'shared' });
    await signInOwner();
    const { user } = openSpace(space.id);
    await screen.findByRole('heading', { level: 1, name: 'Design reviews' });
    await user.click(within(region()).getByRole('button', { name: 'Send invitations' }));
    expect(await within(region()).findByText('Please enter at least one email')).toBeInTheDocument();
    expect(mockDb.data.invitations).toHaveLength(0);
  });

  // The resend limit is the API's rule (server/routes/spaces/invitations.test.ts); this is how the page shows its refusal.
  it('resends, reports a refused resend, and cancels a pending invitation', async () => {
    const space = seedSpace({ name: 'Design reviews', visibility: 'public' });
    const { hub, owner } = demoHub();
    mockDb.data.invitations.push(
      { hubId: hub.id, spaceId: space.id, email: 'ana@acme.io', role: 'viewer', invitedBy: owner.id },
      { hubId: hub.id, spaceId: space.id, email: 'ben@acme.io', role: 'viewer', invitedBy: owner.id },
    );
    await signInOwner();
    const { user } = openSpace(space.id);
    await screen.findByRole('heading', { level: 1, name: 'Design reviews' });
    const ana = await within(region()).findByRole('listitem', { name: 'ana@acme.io' });
    await user.click(within(ana).getByRole('button', { name: 'Resend invitation to ana@acme.io' }));
    await waitFor(() => expect(spaceInvitations(space.id)[0]?.sends).toHaveLength(2));
    const limit = 'This invitation was sent 3 times in the last 10 minutes. Please wait a few minutes before sending it again.';
    server.use(
      http.post('*/api/v1/spaces/:id/invitations/:invitation_id/resend/', () => HttpResponse.json({ code: 'rate_limited', message: limit }, { status: 429 })),
    );
    const again = await within(region()).findByRole('listitem', { name: 'ana@acme.io' });
    await user.click(within(again).getByRole('button', { name: 'Resend invitation to ana@acme.io' }));
    expect(await within(region()).findByText(limit)).toBeInTheDocument();

    const ben = within(region()).getByRole('listitem', { name: 'ben@acme.io' });
    await user.click(within(ben).getByRole('button', { name: 'Cancel invitation to ben@acme.io' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(within(region()).queryByRole('listitem', { name: 'ben@acme.io' })).not.toBeInTheDocument());
    expect(spaceInvitations(space.id).map((i) => i.email)).toEqual(['ana@acme.io']);
  }, 30_000);

  it('offers the owner role to owners of the space or hub only', async () => {
    const eddie = addHubMember('eddie@example.com', 'Eddie Editor', 'editor');
    // A member: an Everyone space offers inviting to those who joined it.
    const space = seedSpace({ name: 'Design reviews', visibility: 'public', members: [[demoHub().owner, 'owner'], [eddie, 'viewer']] });
    await signInUser(eddie);
    const { user } = openSpace(space.id);
    await screen.findByRole('heading', { level: 1, name: 'Design reviews' });
    await user.click(within(region()).getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByTitle('Editor')).toBeInTheDocument();
    expect(screen.queryByTitle('Owner')).not.toBeInTheDocument();
  });

  it('is not offered to viewers, nor in private spaces', async () => {
    const vic = addHubMember('vic@example.com', 'Vic Viewer', 'viewer');
    const open = seedSpace({ name: 'Open room', visibility: 'public' });
    await signInUser(vic);
    const first = openSpace(open.id);
    await screen.findByRole('heading', { level: 1, name: 'Open room' });
    expect(screen.queryByRole('region', { name: 'Invite by email' })).not.toBeInTheDocument();
    first.unmount();

    const secret = seedSpace({ name: 'Secret plans', visibility: 'private' });
    await signInOwner();
    openSpace(secret.id);
    await screen.findByRole('heading', { level: 1, name: 'Secret plans' });
    expect(screen.queryByRole('region', { name: 'Invite by email' })).not.toBeInTheDocument();
  });
});
