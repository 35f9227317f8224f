import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContentAbilities, ContentItem } from '@/lib/contract/contents';
import type { Invitation, InvitationAbilities } from '@/lib/contract/invitations';
import type { MemberAbilities } from '@/lib/contract/members';
import type { Role } from '@/lib/contract/settings';
import type { InvitationScope } from '@/client/http/hub-admin-api';
import { ContentRow } from '@/components/contents/ContentRow';
import { InviteForm } from '@/components/invitations/InviteForm';
import { PendingInvitations } from '@/components/invitations/PendingInvitations';
import { MemberRow } from '@/components/members/MemberRow';
import { renderWithApp } from '@/tests/render';

/*
 * The same thing (same role, same state) rendered with abilities on and off:
 * the actions follow the abilities alone.
 */

const note = (abilities: ContentAbilities): ContentItem => ({
  id: 'c1', space_id: 's1', kind: 'document', source: 'note', name: 'Plan', extension: null, mime_type: null,
  size_bytes: 5, status: 'ready', failure_reason: null, details: {}, urls: { view: null, download: null, thumbnail: null },
  created_by: null, created_at: '2026-02-01T09:00:00Z', updated_at: '2026-02-01T09:00:00Z', abilities,
});
/** A place whose pending invitations are `items`; nothing else is called. */
const scopeOf = (items: Invitation[] = []): InvitationScope => ({
  key: 'place',
  create: vi.fn(),
  list: async () => ({ data: items, count: items.length, page: 1, page_size: 10 }),
  resend: vi.fn(),
  cancel: vi.fn(),
});

const rowActions = { open: vi.fn(), rename: vi.fn(), editNote: vi.fn(), remove: vi.fn(async () => {}) };

describe('a content row', () => {
  it('offers editing, renaming and deleting when its abilities allow them', async () => {
    const { user } = renderWithApp(<ContentRow item={note({ rename: true, edit: true, delete: true })} actions={rowActions} />);
    await user.click(screen.getByRole('button', { name: 'More actions for Plan' }));
    for (const name of [/Edit note/, /Rename/, /Delete/]) expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
  });

  it('offers none of them when its abilities do not', () => {
    renderWithApp(<ContentRow item={note({ rename: false, edit: false, delete: false })} actions={rowActions} />);
    // Nothing to download either, so there is no menu at all.
    expect(screen.queryByRole('button', { name: 'More actions for Plan' })).not.toBeInTheDocument();
  });
});

const member = (abilities: MemberAbilities) => ({
  user_id: 'u2', name: 'Eddie Editor', email: 'eddie@example.com', colour: '#0E7C66', photo_url: null, role: 'editor' as const, only_owner: false, abilities,
});
const manage = { changeRole: vi.fn(async () => {}), remove: vi.fn(async () => {}) };

describe('a member row', () => {
  it('offers the role picker and removal when the member’s abilities allow them', () => {
    renderWithApp(<MemberRow member={member({ change_role: true, remove: true })} isMe={false} manage={manage} placeName="Acme" />);
    expect(screen.getByRole('combobox', { name: 'Role of Eddie Editor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Eddie Editor' })).toBeInTheDocument();
  });

  it('shows only the role when they do not', () => {
    renderWithApp(<MemberRow member={member({ change_role: false, remove: false })} isMe={false} manage={manage} placeName="Acme" />);
    expect(screen.queryByRole('combobox', { name: 'Role of Eddie Editor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Eddie Editor' })).not.toBeInTheDocument();
    expect(screen.getByText('Editor')).toBeInTheDocument();
  });
});

describe('the invite form', () => {
  const offered = async (roles: Role[]) => {
    const { user, unmount } = renderWithApp(<InviteForm scope={scopeOf()} roles={roles} onInvited={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await screen.findAllByRole('option');
    // antd lists the choices twice: visibly, and as an accessible list around the active one only.
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    unmount();
    return options;
  };

  it('offers the roles the caller may grant, and only those', async () => {
    expect(await offered(['owner', 'editor', 'viewer'])).toEqual(['Owner', 'Editor', 'Viewer']);
    expect(await offered(['editor', 'viewer'])).toEqual(['Editor', 'Viewer']);
  });
});

describe('a pending invitation', () => {
  const invitation = (abilities: InvitationAbilities): Invitation => ({
    id: 'i1', email: 'ana@example.com', role: 'viewer', invited_by: 'Olive Owner', created_at: '2026-02-01T09:00:00Z',
    expires_at: '2026-02-04T09:00:00Z', last_sent_at: '2026-02-01T09:00:00Z', abilities,
  });
  const listed = async (abilities: InvitationAbilities) => {
    const result = renderWithApp(<PendingInvitations scope={scopeOf([invitation(abilities)])} version={0} />);
    return { ...result, row: await screen.findByRole('listitem', { name: 'ana@example.com' }) };
  };

  it('offers resending and cancelling when its abilities allow them', async () => {
    const { row } = await listed({ resend: true, revoke: true });
    expect(within(row).getByRole('button', { name: 'Resend invitation to ana@example.com' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Cancel invitation to ana@example.com' })).toBeInTheDocument();
  });

  it('offers only what they allow', async () => {
    const { row } = await listed({ resend: false, revoke: true });
    expect(within(row).queryByRole('button', { name: 'Resend invitation to ana@example.com' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Cancel invitation to ana@example.com' })).toBeInTheDocument();
  });
});
