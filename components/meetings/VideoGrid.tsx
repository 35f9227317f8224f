import styled from 'styled-components';
import { video } from '@/lib/constants';
import { SELF_KEY, type MeetingSnapshot } from '@/client/meetings/meeting-session';
import { VideoTile, type VideoTileProps } from './VideoTile';

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

type Tile = VideoTileProps & { key: string };

/** Everyone's tiles: oneself first, then the others in joining order, then shared screens. */
function tilesOf(snapshot: MeetingSnapshot, selfName: string): Tile[] {
  const selfId = snapshot.selfPeerId ?? SELF_KEY;
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
    });
    if (screen) {
      screens.push({ key: `${peerId}-screen`, peerId, name: user.name, self: false, stream: screen, micMuted: !state.audio, cameraOff: false, speaking: false, screen: true });
    }
  }
  return [...tiles, ...screens];
}

export function VideoGrid({ snapshot, selfName }: { snapshot: MeetingSnapshot; selfName: string }) {
  return (
    <Grid data-testid="video-grid">
      {tilesOf(snapshot, selfName).map(({ key, ...tile }) => (
        <VideoTile key={key} {...tile} />
      ))}
    </Grid>
  );
}
