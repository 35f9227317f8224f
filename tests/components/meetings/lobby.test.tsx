import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Meeting } from '@/lib/contract/meetings';
import { MeetingLobby } from '@/components/meetings/MeetingLobby';
import { renderWithApp } from '@/tests/render';

const meeting: Meeting = {
  id: 'm1',
  code: 'abc-defg-hij',
  organization: { id: 'o1', name: 'Example Team', domain_handle: 'example-team' },
  space: { id: 's1', name: 'Design reviews' },
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const domError = (name: string) => Object.assign(new Error(name), { name });

function stubMedia(getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  const mediaDevices = {
    getUserMedia: vi.fn(getUserMedia),
    enumerateDevices: vi.fn(async () => [] as MediaDeviceInfo[]),
  };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: mediaDevices });
  return mediaDevices;
}

/** A stream with fake tracks, enough for the lobby (jsdom has no MediaStream). */
function fakeStream(kinds: ('audio' | 'video')[]) {
  const tracks = kinds.map((kind, i) => ({
    kind,
    enabled: true,
    stop: vi.fn(),
    getSettings: () => ({ deviceId: `${kind}-${i}` }),
  }));
  return {
    id: 'preview',
    tracks,
    stream: {
      id: 'preview',
      getTracks: () => tracks,
      getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
      getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    } as unknown as MediaStream,
  };
}

beforeEach(() => {
  // jsdom cannot play media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function renderLobby() {
  const onJoin = vi.fn();
  const view = renderWithApp(<MeetingLobby meeting={meeting} onJoin={onJoin} />);
  return { ...view, onJoin };
}

describe('meeting lobby', () => {
  it('names the meeting, shows a muted preview and the device choices', async () => {
    const { stream } = fakeStream(['audio', 'video']);
    stubMedia(async () => stream);
    renderLobby();
    expect(screen.getByRole('heading', { level: 1, name: 'Example Team / Design reviews' })).toBeInTheDocument();
    const preview = screen.getByTestId('lobby-preview') as HTMLVideoElement;
    expect(preview.tagName).toBe('VIDEO');
    expect(preview.muted).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Camera' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Join with microphone muted' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Join with camera off' })).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join meeting' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the hub and offers a way back to the meeting’s space, or to the hub home', async () => {
    stubMedia(async () => fakeStream(['audio', 'video']).stream);
    const { unmount } = renderLobby();
    expect(screen.getByText('Example Team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Design reviews' })).toHaveAttribute('href', '/spaces/s1');
    unmount();
    renderWithApp(<MeetingLobby meeting={{ ...meeting, space: null }} onJoin={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Back to the hub' })).toHaveAttribute('href', '/');
    await screen.findByRole('button', { name: 'Join meeting' });
  });

  it('joins with the preview, muted and camera off when asked', async () => {
    const { stream } = fakeStream(['audio', 'video']);
    stubMedia(async () => stream);
    const { user, onJoin } = renderLobby();
    await user.click(screen.getByRole('checkbox', { name: 'Join with microphone muted' }));
    await user.click(screen.getByRole('checkbox', { name: 'Join with camera off' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join meeting' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Join meeting' }));
    expect(onJoin).toHaveBeenCalledWith({
      audio: false, video: false, cameraId: 'video-1', micId: 'audio-0', stream, effects: { noiseSuppression: false, blur: false },
    });
  });

  it('offers the effects the browser can run, joins with the choice and keeps it for the next lobby', async () => {
    // Noise suppression can run; jsdom's canvas has no stream, so the blur cannot.
    vi.stubGlobal('AudioContext', class {});
    vi.stubGlobal('AudioWorkletNode', class {});
    vi.stubGlobal('MediaStream', class {});
    try {
      stubMedia(async () => fakeStream(['audio', 'video']).stream);
      const { user, onJoin, unmount } = renderLobby();
      expect(screen.getByRole('checkbox', { name: 'Blur background' })).toBeDisabled();
      expect(screen.getByText('Background blur is not available in this browser.')).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Noise suppression' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Join meeting' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Join meeting' }));
      expect(onJoin).toHaveBeenCalledWith(expect.objectContaining({ effects: { noiseSuppression: true, blur: false } }));
      unmount();

      renderLobby();
      expect(screen.getByRole('checkbox', { name: 'Noise suppression' })).toBeChecked();
      await screen.findByRole('button', { name: 'Join meeting' });
    } finally {
      vi.unstubAllGlobals();
      window.localStorage.clear();
    }
  });

  it('says when the camera and microphone are blocked, and still lets one join', async () => {
    stubMedia(async () => {
      throw domError('NotAllowedError');
    });
    const { user, onJoin } = renderLobby();
    expect(await screen.findByText(/Camera and microphone are blocked/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join meeting' }));
    expect(onJoin).toHaveBeenCalledWith(expect.objectContaining({ stream: null }));
  });

  it('says when there is no camera or microphone, after trying each alone', async () => {
    const media = stubMedia(async () => {
      throw domError('NotFoundError');
    });
    const { user, onJoin } = renderLobby();
    expect(await screen.findByText(/No camera or microphone was found/)).toBeInTheDocument();
    expect(screen.queryByText(/are blocked/)).not.toBeInTheDocument();
    // Both together, then the microphone alone, then the camera alone.
    expect(media.getUserMedia).toHaveBeenCalledTimes(3);
    await user.click(screen.getByRole('button', { name: 'Join meeting' }));
    expect(onJoin).toHaveBeenCalledTimes(1);
  });

  it('takes the microphone alone when there is no camera, without a warning', async () => {
    const { stream } = fakeStream(['audio']);
    stubMedia(async (constraints) => {
      if (constraints.video) throw domError('NotFoundError');
      return stream;
    });
    renderLobby();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join meeting' })).toBeEnabled());
    expect(screen.queryByText(/No camera or microphone was found/)).not.toBeInTheDocument();
    expect(screen.getByText('No camera')).toBeInTheDocument();
  });

  it('says so when the browser has no media devices at all', async () => {
    renderLobby();
    expect(await screen.findByText(/No camera or microphone was found/)).toBeInTheDocument();
  });
});
