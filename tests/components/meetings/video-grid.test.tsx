import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Participant } from '@/lib/contract/meetings';
import type { MeetingSnapshot } from '@/client/meetings/meeting-session';
import { VideoGrid } from '@/components/meetings/VideoGrid';
import { VideoTile } from '@/components/meetings/VideoTile';

const snapshot = (change: Partial<MeetingSnapshot> = {}): MeetingSnapshot => ({
  status: 'in-meeting',
  closeCode: null,
  error: null,
  selfPeerId: 'me-peer',
  meeting: null,
  participants: [],
  streams: {},
  local: null,
  screen: null,
  media: { audio: true, video: true, screen: null },
  mediaProblem: null,
  speaking: {},
  ...change,
});

const ana: Participant = { peer_id: 'ana-peer', user: { id: 'u2', name: 'Ana Lima' }, state: { audio: false, video: false, screen: null } };
const bo: Participant = { peer_id: 'bo-peer', user: { id: 'u3', name: 'Bo' }, state: { audio: true, video: true, screen: null } };

const tiles = () => screen.getAllByTestId('video-tile');
/** The tiles in order, as a tuple the test can destructure. */
const tileAt = (i: number) => {
  const tile = tiles()[i];
  if (!tile) throw new Error(`no tile ${i}`);
  return tile;
};

describe('video grid', () => {
  it('shows one tile per person, oneself first, with their state as attributes', () => {
    render(<VideoGrid snapshot={snapshot({ participants: [ana, bo], speaking: { 'bo-peer': true, self: false } })} selfName="Dana Demo" />);
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
    render(<VideoGrid snapshot={snapshot({ media: { audio: false, video: false, screen: null }, speaking: { self: true } })} selfName="Dana Demo" />);
    const me = tileAt(0);
    expect(me).toHaveAttribute('data-mic-muted', 'true');
    expect(me).toHaveAttribute('data-camera-off', 'true');
    expect(me).toHaveAttribute('data-speaking', 'false');
    expect(me).toHaveTextContent('DD');
  });

  it('lays the tiles out in a grid of at least 440px columns', () => {
    render(<VideoGrid snapshot={snapshot()} selfName="Dana Demo" />);
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
});
