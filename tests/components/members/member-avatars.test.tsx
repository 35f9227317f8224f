import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HubMembers } from '@/components/members/HubMembers';
import { readableUnderWhite } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { addHubMember, renderStill, signInOwner } from '../spaces/fixtures';

setupMockServer();
resetAuthAfterEach();

const PHOTO = 'data:image/webp;base64,UklGRg==';

describe('avatars in the members list', { timeout: 30_000 }, () => {
  it('shows each member’s photo, or their initials on their own colour, as their avatar shows everywhere', async () => {
    const ana = addHubMember('ana@example.com', 'Ana Maria Lima', 'editor');
    ana.photoUrl = PHOTO;
    const bo = addHubMember('bo@example.com', 'Bo Berg', 'viewer');
    bo.colour = '#0E7C66';
    await signInOwner();
    const hub = useAuthStore.getState().user?.active_organization;
    if (!hub) throw new Error('no hub');
    renderStill(<HubMembers hub={hub} version={0} />);

    const anaRow = await screen.findByRole('listitem', { name: 'Ana Maria Lima' });
    expect(anaRow.querySelector('.ant-avatar img')).toHaveAttribute('src', PHOTO);

    const boAvatar = screen.getByRole('listitem', { name: 'Bo Berg' }).querySelector('.ant-avatar');
    expect(boAvatar).toHaveTextContent(/^BB$/);
    expect(boAvatar).toHaveStyle({ backgroundColor: readableUnderWhite('#0E7C66') });
  });
});
