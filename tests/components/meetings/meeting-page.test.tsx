import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDb } from '@/mocks/node';
import type { MockMeeting } from '@/mocks/state';
import MeetingPage from '@/pages/meet/[code]';
import { rejoinKey } from '@/components/meetings/useMeeting';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';
import { demoHub, signInOwner, signInUser } from '@/tests/components/spaces/fixtures';

setupMockServer();
resetAuthAfterEach();

function seedMeeting(code = 'abc-defg-hij'): MockMeeting {
  const { hub, owner } = demoHub();
  const meeting = { id: mockDb.newId(), code, hubId: hub.id, spaceId: null, createdBy: owner.id, createdAt: mockDb.now() };
  mockDb.data.meetings.push(meeting);
  return meeting;
}

function openMeeting(code: string) {
  resetRouter(`/meet/${code}`, { code });
  mockRouter.pathname = '/meet/[code]';
  return renderWithApp(<MeetingPage />);
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  // Permission denied: the person joins to listen and watch.
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(async () => {
        throw Object.assign(new Error('denied'), { name: 'NotAllowedError' });
      }),
      enumerateDevices: vi.fn(async () => []),
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  window.sessionStorage.clear();
});

describe('meeting page', () => {
  it('says a meeting of another hub was not found, with a way back', async () => {
    seedMeeting();
    const outsider = mockDb.createAccount({ email: 'out@else.test', name: 'Out Sider', profile: true }).user;
    await signInUser(outsider);
    openMeeting('abc-defg-hij');
    expect(await screen.findByText('This meeting was not found or you are not a member of its hub.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to meetings' })).toHaveAttribute('href', '/meet');
    expect(screen.queryByRole('button', { name: 'Join meeting' })).not.toBeInTheDocument();
  });

  it('goes from the lobby into the meeting, shows one’s own tile, and leaves', async () => {
    seedMeeting();
    await signInOwner();
    const { user } = openMeeting('abc-defg-hij');
    expect(await screen.findByRole('heading', { name: 'Example Team' })).toBeInTheDocument();
    expect(await screen.findByText(/Camera and microphone are blocked/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join meeting' }));

    const grid = await screen.findByTestId('video-grid');
    const tile = await screen.findByTestId('video-tile');
    expect(grid).toContainElement(tile);
    // Welcomed by the (mock) signalling server: the tile carries the peer id it handed out.
    await waitFor(() => expect(tile.getAttribute('data-peer-id')).toMatch(/^[0-9a-f-]{36}$/));
    expect(tile).toHaveAttribute('data-self', 'true');
    expect(tile).toHaveAttribute('data-name', 'Dana Demo');
    expect(tile).toHaveAttribute('data-mic-muted', 'true');
    expect(tile).toHaveAttribute('data-camera-off', 'true');
    expect(window.sessionStorage.getItem(rejoinKey('abc-defg-hij'))).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Leave meeting' }));
    expect(await screen.findByText('You left the meeting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejoin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to hub' })).toBeInTheDocument();
    expect(screen.queryByTestId('video-grid')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(rejoinKey('abc-defg-hij'))).toBeNull();
  });

  it('rejoins directly after a reload, skipping the lobby', async () => {
    seedMeeting();
    await signInOwner();
    window.sessionStorage.setItem(rejoinKey('abc-defg-hij'), JSON.stringify({ audio: false, video: false, cameraId: null, micId: null }));
    openMeeting('abc-defg-hij');
    expect(await screen.findByTestId('video-tile')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join meeting' })).not.toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Meeting controls' })).toBeInTheDocument();
  });

  it('signing out leaves the meeting and clears the rejoin key', async () => {
    seedMeeting();
    await signInOwner();
    window.sessionStorage.setItem(rejoinKey('abc-defg-hij'), JSON.stringify({ audio: false, video: false, cameraId: null, micId: null }));
    openMeeting('abc-defg-hij');
    const tile = await screen.findByTestId('video-tile');
    await waitFor(() => expect(tile.getAttribute('data-peer-id')).toMatch(/^[0-9a-f-]{36}$/));
    await useAuthStore.getState().logout();
    expect(await screen.findByText('You left the meeting')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(rejoinKey('abc-defg-hij'))).toBeNull();
    expect(useAuthStore.getState().cameraOn).toBe(false);
    expect(useAuthStore.getState().micOn).toBe(false);
  });

  it('chats, raises a hand and reacts through the meeting’s own buttons', async () => {
    seedMeeting();
    await signInOwner();
    window.sessionStorage.setItem(rejoinKey('abc-defg-hij'), JSON.stringify({ audio: false, video: false, cameraId: null, micId: null }));
    const { user } = openMeeting('abc-defg-hij');
    const tile = await screen.findByTestId('video-tile');
    await waitFor(() => expect(tile.getAttribute('data-peer-id')).toMatch(/^[0-9a-f-]{36}$/));
    const controls = screen.getByRole('toolbar', { name: 'Meeting controls' });

    await user.click(within(controls).getByRole('button', { name: 'Chat' }));
    await user.click(await screen.findByRole('textbox', { name: 'Message' }));
    await user.paste('Agenda: https://docs.example.test/agenda');
    await user.keyboard('{Enter}');
    const sent = await screen.findByTestId('chat-message');
    expect(within(sent).getByRole('link', { name: 'https://docs.example.test/agenda' })).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''));

    await user.click(within(controls).getByRole('button', { name: 'Raise hand' }));
    await waitFor(() => expect(tile).toHaveAttribute('data-hand-raised', 'true'));
    expect(within(controls).getByRole('button', { name: 'Lower hand' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(controls).getByRole('button', { name: 'People (1)' }));
    const me = await screen.findByTestId('participant');
    expect(me).toHaveAttribute('data-hand-raised', 'true');
    // The person who started the meeting is its host.
    expect(within(me).getByText('Host')).toBeInTheDocument();

    await user.click(within(controls).getByRole('button', { name: 'Send a reaction' }));
    await user.click(await screen.findByRole('button', { name: 'React with Applause' }));
    expect(await within(tile).findByTestId('reaction')).toHaveTextContent('👏');
  });

  it('pins a tile large in the speaker layout and goes back to the grid', async () => {
    seedMeeting();
    await signInOwner();
    window.sessionStorage.setItem(rejoinKey('abc-defg-hij'), JSON.stringify({ audio: false, video: false, cameraId: null, micId: null }));
    const { user } = openMeeting('abc-defg-hij');
    await screen.findByTestId('video-tile');
    const controls = screen.getByRole('toolbar', { name: 'Meeting controls' });
    await user.click(screen.getByRole('button', { name: 'Pin Dana Demo (you)' }));
    expect(screen.getByTestId('video-grid')).toHaveAttribute('data-layout', 'speaker');
    expect(within(screen.getByTestId('stage-focus')).getByTestId('video-tile')).toHaveAttribute('data-pinned', 'true');
    await user.click(within(controls).getByRole('button', { name: 'Grid layout' }));
    expect(screen.getByTestId('video-grid')).toHaveAttribute('data-layout', 'grid');
    expect(screen.getByTestId('video-tile')).toHaveAttribute('data-pinned', 'false');
  });
});
