import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Participant } from '@/lib/contract/meetings';
import { startingSnapshot, type MeetingSnapshot } from '@/client/meetings/meeting-session';
import { VideoGrid, type VideoGridProps } from '@/components/meetings/VideoGrid';
import { SPEAKER_HOLD_MS } from '@/components/meetings/useActiveSpeaker';
import { VideoTile } from '@/components/meetings/VideoTile';

const snapshot = (change: Partial<MeetingSnapshot> = {}): MeetingSnapshot => ({
  ...startingSnapshot(null),
  status: 'in-meeting',
  selfPeerId: 'me-peer',
  media: { audio: true, video: true, screen: null },
  ...change,
});

const ana: Participant = { peer_id: 'ana-peer', user: { id: 'u2', name: 'Ana Lima' }, state: { audio: false, video: false, screen: null }, host: false, hand_raised_at: null };
const bo: Participant = { peer_id: 'bo-peer', user: { id: 'u3', name: 'Bo' }, state: { audio: true, video: true, screen: null }, host: false, hand_raised_at: null };

const gridProps: Omit<VideoGridProps, 'snapshot' | 'selfName'> = { layout: 'grid', pinned: null, onPin: () => undefined, onLayer: () => undefined };

const tiles = () => screen.getAllByTestId('video-tile');
/** The tiles in order, as a tuple the test can destructure. */
const tileAt = (i: number) => {
  const tile = tiles()[i];
  if (!tile) throw new Error(`no tile ${i}`);
  return tile;
};

describe('video grid', () => {
  it('shows one tile per person, oneself first, with their state as attributes', () => {
    render(<VideoGrid {...gridProps} snapshot={snapshot({ participants: [ana, bo], speaking: { 'bo-peer': true, self: false } })} selfName="Dana Demo" />);
    const [me, first, second] = [tileAt(0), tileAt(1), tileAt(2)];
    expect(tiles()).toHaveLength(3);
    expect(me).toHaveAttribute('data-self', 'true');
    expect(me).toHaveAttribute('data-peer-id', 'me-peer');
    expect(me).toHaveAttribute('data-name', 'Dana Demo');
    expect(me).toHaveAttribute('data-mic-muted', 'false');
    expect(me.querySelector('video')?.muted).toBe(true);

    expect(first).toHaveAttribute('data-self', 'false');
    expect(first).toHaveAttribute('data-peer-id', 'ana-peer');
    expect(first).toHaveAttribute('data-mic-muted', 'true');
    expect(first).toHaveAttribute('data-camera-off', 'true');
    expect(first).toHaveAttribute('data-speaking', 'false');
    expect(first).toHaveTextContent('AL');
    expect(first.querySelector('[aria-label="Microphone muted"]')).not.toBeNull();
    expect(first.querySelector('video')?.muted).toBe(false);

    expect(second).toHaveAttribute('data-name', 'Bo');
    expect(second).toHaveAttribute('data-speaking', 'true');
    expect(second).toHaveAttribute('data-camera-off', 'false');
    expect(second.querySelector('[aria-label="Microphone muted"]')).toBeNull();
    for (const tile of tiles()) {
      expect(tile.querySelectorAll('video')).toHaveLength(1);
      expect(tile).toHaveAttribute('data-screen', 'false');
    }
  });

  it('shows oneself muted with the camera off, and never speaking while muted', () => {
    render(<VideoGrid {...gridProps} snapshot={snapshot({ media: { audio: false, video: false, screen: null }, speaking: { self: true } })} selfName="Dana Demo" />);
    const me = tileAt(0);
    expect(me).toHaveAttribute('data-mic-muted', 'true');
    expect(me).toHaveAttribute('data-camera-off', 'true');
    expect(me).toHaveAttribute('data-speaking', 'false');
    expect(me).toHaveTextContent('DD');
  });

  it('lays the tiles out in a grid of at least 440px columns', () => {
    render(<VideoGrid {...gridProps} snapshot={snapshot()} selfName="Dana Demo" />);
    const grid = screen.getByTestId('video-grid');
    expect(grid).toContainElement(tiles()[0] ?? null);
  });

  it('a single tile carries a label and the speaking state', () => {
    render(<VideoTile peerId="p" name="Cy" self={false} stream={null} micMuted={false} cameraOff={false} speaking screen />);
    const tile = screen.getByTestId('video-tile');
    expect(tile).toHaveAttribute('data-screen', 'true');
    expect(tile).toHaveTextContent('Cy is presenting');
  });

  it('draws a camera-off tile’s person with the avatar they have everywhere else', () => {
    render(<VideoTile peerId="p" name="Ana Maria Lima" self={false} stream={null} micMuted={false} cameraOff speaking={false} />);
    const avatar = screen.getByTestId('video-tile').querySelector('.ant-avatar');
    expect(avatar).not.toBeNull();
    // The same two initials as every avatar of her (the first two words), not a meeting-only rule.
    expect(avatar).toHaveTextContent(/^AM$/);
  });

  it('shows raised hands and floats each reaction over its sender’s tile only', () => {
    render(
      <VideoGrid
        {...gridProps}
        snapshot={snapshot({
          participants: [ana, { ...bo, hand_raised_at: '2026-01-01T10:00:00.000Z' }],
          reactions: [{ id: 1, peerId: 'ana-peer', emoji: '👏' }, { id: 2, peerId: 'me-peer', emoji: '🎉' }],
        })}
        selfName="Dana Demo"
      />,
    );
    const [me, first, second] = [tileAt(0), tileAt(1), tileAt(2)];
    expect(second).toHaveAttribute('data-hand-raised', 'true');
    expect(within(second).getByRole('img', { name: 'Hand raised' })).toBeInTheDocument();
    expect(first).toHaveAttribute('data-hand-raised', 'false');
    expect(within(first).getAllByTestId('reaction').map((r) => r.textContent)).toEqual(['👏']);
    expect(within(first).getByRole('img', { name: 'Ana Lima: Applause' })).toBeInTheDocument();
    expect(within(me).getAllByTestId('reaction').map((r) => r.textContent)).toEqual(['🎉']);
    expect(within(second).queryByTestId('reaction')).toBeNull();
  });
});

describe('video layouts', () => {
  const focused = () => within(screen.getByTestId('stage-focus')).getByTestId('video-tile');

  it('shows the pinned tile large in the speaker layout and the others in a strip; the pin button pins and unpins', async () => {
    const onPin = vi.fn();
    const view = render(
      <VideoGrid {...gridProps} layout="speaker" pinned="ana-peer" onPin={onPin} snapshot={snapshot({ participants: [ana, bo] })} selfName="Dana Demo" />,
    );
    expect(screen.getByTestId('video-grid')).toHaveAttribute('data-layout', 'speaker');
    expect(focused()).toHaveAttribute('data-name', 'Ana Lima');
    expect(focused()).toHaveAttribute('data-pinned', 'true');
    const strip = screen.getByLabelText('Everyone else');
    expect(within(strip).getAllByTestId('video-tile').map((t) => t.getAttribute('data-name'))).toEqual(['Dana Demo', 'Bo']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pin Bo' }));
    expect(onPin).toHaveBeenLastCalledWith('bo-peer');
    await user.click(screen.getByRole('button', { name: 'Unpin Ana Lima' }));
    expect(onPin).toHaveBeenLastCalledWith(null);

    view.rerender(<VideoGrid {...gridProps} layout="grid" pinned={null} onPin={onPin} snapshot={snapshot({ participants: [ana, bo] })} selfName="Dana Demo" />);
    expect(screen.getByTestId('video-grid')).toHaveAttribute('data-layout', 'grid');
    expect(screen.queryByTestId('stage-focus')).toBeNull();
    expect(tiles()).toHaveLength(3);
  });

  it('shows the active speaker large, and lets a new speaker take over only after the hold', () => {
    vi.useFakeTimers();
    try {
      const at = (speaking: Record<string, boolean>) => (
        <VideoGrid {...gridProps} layout="speaker" snapshot={snapshot({ participants: [ana, bo].map((p) => ({ ...p, state: { ...p.state, audio: true } })), speaking })} selfName="Dana Demo" />
      );
      const view = render(at({}));
      // Nobody has spoken: the first other person.
      expect(focused()).toHaveAttribute('data-name', 'Ana Lima');
      view.rerender(at({ 'bo-peer': true }));
      expect(focused()).toHaveAttribute('data-name', 'Bo');
      // Ana answers at once: Bo keeps the place for the hold, then Ana takes it.
      view.rerender(at({ 'ana-peer': true }));
      expect(focused()).toHaveAttribute('data-name', 'Bo');
      act(() => vi.advanceTimersByTime(SPEAKER_HOLD_MS));
      expect(focused()).toHaveAttribute('data-name', 'Ana Lima');
      // Silence keeps the last speaker.
      view.rerender(at({}));
      act(() => vi.advanceTimersByTime(SPEAKER_HOLD_MS * 2));
      expect(focused()).toHaveAttribute('data-name', 'Ana Lima');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the sharp video of the large tile only, and everyone’s in a small grid', () => {
    const onLayer = vi.fn();
    const view = render(<VideoGrid {...gridProps} layout="speaker" pinned="bo-peer" onLayer={onLayer} snapshot={snapshot({ participants: [ana, bo] })} selfName="Dana Demo" />);
    expect(onLayer.mock.calls).toEqual([['ana-peer', 'low'], ['bo-peer', 'high']]);
    onLayer.mockClear();
    view.rerender(<VideoGrid {...gridProps} layout="grid" pinned={null} onLayer={onLayer} snapshot={snapshot({ participants: [ana, bo] })} selfName="Dana Demo" />);
    expect(onLayer.mock.calls).toEqual([['ana-peer', 'high']]);
  });
});
