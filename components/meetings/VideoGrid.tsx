import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { breakpoints, video } from '@/lib/constants';
import { SELF_KEY, type MeetingSnapshot } from '@/client/meetings/meeting-session';
import type { SfuLayer } from '@/client/meetings/sfu-media';
import type { MeetingLayout } from './MeetingActions';
import { useActiveSpeaker } from './useActiveSpeaker';
import { VideoTile, type VideoTileProps } from './VideoTile';

/** A grid of at most this many tiles asks for everyone's sharp video; more tiles are small enough for the light one. */
const GRID_SHARP_MAX = 4;

const Grid = styled.div`
  display: grid;
  /* min(…, 100%): on a phone one column narrower than the minimum, never a sideways scroll. */
  grid-template-columns: repeat(auto-fill, minmax(min(${video.tileMinColumnWidth}px, 100%), 1fr));
  align-content: center;
  gap: 12px;
  height: ${video.videosAreaHeight};
  padding: 12px;
  overflow-y: auto;
`;

const Speaker = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: ${video.videosAreaHeight};
  padding: 12px;
`;

const Focus = styled.div`
  display: grid;
  flex: 1;
  place-items: center;
  min-height: 0;
  container-type: size;

  > figure {
    /* As large as the space allows at 16:9. */
    width: min(100cqw, calc(100cqh * 16 / 9));
  }
`;

const Strip = styled.div`
  display: flex;
  flex: none;
  gap: 10px;
  justify-content: center;
  overflow-x: auto;

  > figure {
    flex: none;
    width: 200px;

    @media (max-width: ${breakpoints.sm}px) {
      width: 140px;
    }
  }

  figcaption {
    left: 6px;
    bottom: 6px;
    max-width: calc(100% - 12px);
    padding: 2px 6px;
    font-size: 12px;
  }
`;

type Tile = VideoTileProps & { key: string };

/** Everyone's tiles: oneself first, then the others in joining order, then shared screens. */
function tilesOf(snapshot: MeetingSnapshot, selfName: string): Tile[] {
  const selfId = snapshot.selfPeerId ?? SELF_KEY;
  const reactionsOf = (peerId: string) => snapshot.reactions.filter((r) => r.peerId === peerId);
  const tiles: Tile[] = [
    {
      key: 'self',
      peerId: selfId,
      name: selfName,
      self: true,
      stream: snapshot.local,
      micMuted: !snapshot.media.audio,
      cameraOff: !snapshot.media.video,
      speaking: snapshot.media.audio && (snapshot.speaking[SELF_KEY] ?? false),
      handRaised: Boolean(snapshot.self?.hand_raised_at),
      reactions: reactionsOf(selfId),
    },
  ];
  const screens: Tile[] = [];
  if (snapshot.screen) {
    screens.push({
      key: 'self-screen',
      peerId: selfId,
      name: selfName,
      self: true,
      stream: snapshot.screen,
      micMuted: !snapshot.media.audio,
      cameraOff: false,
      speaking: false,
      screen: true,
    });
  }
  for (const participant of snapshot.participants) {
    const { peer_id: peerId, state, user } = participant;
    const streams = snapshot.streams[peerId] ?? [];
    const camera = streams.find((s) => s.id !== state.screen) ?? null;
    const screen = state.screen ? streams.find((s) => s.id === state.screen && s.getVideoTracks().length > 0) : undefined;
    tiles.push({
      key: peerId,
      peerId,
      name: user.name,
      self: false,
      stream: camera,
      micMuted: !state.audio,
      cameraOff: !state.video,
      speaking: state.audio && (snapshot.speaking[peerId] ?? false),
      handRaised: participant.hand_raised_at !== null,
      reactions: reactionsOf(peerId),
    });
    if (screen) {
      screens.push({ key: `${peerId}-screen`, peerId, name: user.name, self: false, stream: screen, micMuted: !state.audio, cameraOff: false, speaking: false, screen: true });
    }
  }
  return [...tiles, ...screens];
}

/** The tile the speaker layout shows large: the pinned one, else a shared screen, else whoever spoke last, else the first other person. */
export function focusOf(tiles: Tile[], pinned: string | null, activeSpeaker: string | null): Tile | undefined {
  const others = tiles.filter((t) => !t.self);
  return (
    tiles.find((t) => t.key === pinned) ??
    tiles.find((t) => t.screen) ??
    others.find((t) => t.key === activeSpeaker) ??
    others[0] ??
    tiles[0]
  );
}

/**
 * The one place that decides which tiles are large, and so whose video is
 * worth its sharp layer: the focus in the speaker layout; in the grid,
 * everyone while the tiles are few enough to be big.
 */
export function largeTileKeys(layout: MeetingLayout, tiles: Tile[], focus: Tile | undefined): Set<string> {
  if (layout === 'speaker') return new Set(focus ? [focus.key] : []);
  return new Set(tiles.length <= GRID_SHARP_MAX ? tiles.map((t) => t.key) : []);
}

export interface VideoGridProps {
  snapshot: MeetingSnapshot;
  selfName: string;
  layout: MeetingLayout;
  /** The key of the tile pinned large, if any. */
  pinned: string | null;
  onPin(key: string | null): void;
  /** Told each other person's wanted video layer whenever it changes. */
  onLayer(peerId: string, layer: SfuLayer): void;
}

/** Everyone's tiles, as an even grid or with one tile large (pinned, shared screen or active speaker) above a strip. */
export function VideoGrid({ snapshot, selfName, layout, pinned, onPin, onLayer }: VideoGridProps) {
  const tiles = tilesOf(snapshot, selfName);
  const activeSpeaker = useActiveSpeaker(tiles.filter((t) => !t.self && !t.screen && t.speaking).map((t) => t.key));
  const focus = layout === 'speaker' ? focusOf(tiles, pinned, activeSpeaker) : undefined;
  const large = largeTileKeys(layout, tiles, focus);

  const layers = new Map<string, SfuLayer>();
  for (const tile of tiles) {
    if (!tile.self && layers.get(tile.peerId) !== 'high') layers.set(tile.peerId, large.has(tile.key) ? 'high' : 'low');
  }
  const layerKey = [...layers].map(([peerId, layer]) => `${peerId}:${layer}`).join(' ');
  const told = useRef(new Map<string, SfuLayer>());
  useEffect(() => {
    for (const entry of layerKey ? layerKey.split(' ') : []) {
      const [peerId = '', layer] = entry.split(':') as [string, SfuLayer];
      if (told.current.get(peerId) !== layer) onLayer(peerId, layer);
      told.current.set(peerId, layer);
    }
  }, [layerKey, onLayer]);

  const tileOf = ({ key, ...tile }: Tile) => (
    <VideoTile key={key} {...tile} pinned={pinned === key} onPin={() => onPin(pinned === key ? null : key)} />
  );

  if (layout === 'speaker' && focus) {
    return (
      <Speaker data-testid="video-grid" data-layout="speaker">
        <Focus data-testid="stage-focus">{tileOf(focus)}</Focus>
        {tiles.length > 1 && (
          <Strip aria-label="Everyone else">{tiles.filter((t) => t.key !== focus.key).map(tileOf)}</Strip>
        )}
      </Speaker>
    );
  }
  return (
    <Grid data-testid="video-grid" data-layout="grid">
      {tiles.map(tileOf)}
    </Grid>
  );
}
