import { AudioMutedOutlined, DesktopOutlined, PushpinFilled, PushpinOutlined, SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { PersonAvatar } from '@/components/common/PersonAvatar';
import type { FloatingReaction } from '@/client/meetings/meeting-session';
import { RaisedHand } from './RaisedHand';
import { ReactionsOverlay } from './ReactionsOverlay';
import { useMediaElement } from './useMediaElement';

export interface VideoTileProps {
  peerId: string;
  name: string;
  self: boolean;
  stream: MediaStream | null;
  micMuted: boolean;
  cameraOff: boolean;
  speaking: boolean;
  /** A shared screen rather than a camera. */
  screen?: boolean;
  handRaised?: boolean;
  /** Reactions the person just sent, floating over their camera. */
  reactions?: FloatingReaction[];
  pinned?: boolean;
  /** Pins the tile large (or unpins it); no pin button without it. */
  onPin?(): void;
}

const Tile = styled.figure<{ $speaking: boolean }>`
  position: relative;
  margin: 0;
  min-height: 0;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: 12px;
  background: ${colors.stageSurface};
  outline: 3px solid ${(p) => (p.$speaking ? theme.primaryColor : 'transparent')};
  outline-offset: -3px;
  transition: outline-color 0.15s;

  &:hover .pin,
  &:focus-within .pin {
    opacity: 1;
  }

  video {
    width: 100%;
    height: 100%;
    object-fit: cover;
    background: ${colors.stageTile};
  }

  video.mirrored {
    /* One's own camera reads like a mirror, as people expect. */
    transform: scaleX(-1);
  }

  video.screen {
    object-fit: contain;
  }

  video.hidden {
    /* Kept playing (it carries the sound), only not shown. */
    opacity: 0;
  }
`;

const Initials = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
`;

const Label = styled.figcaption`
  position: absolute;
  left: 12px;
  bottom: 12px;
  display: flex;
  align-items: center;
  gap: 6px;
  max-width: calc(100% - 24px);
  padding: 4px 10px;
  border-radius: 6px;
  font-size: 13px;
  color: ${colors.white};
  background: rgba(0, 0, 0, 0.55);

  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Corner = styled.div`
  position: absolute;
  top: 12px;
  right: 12px;
  display: flex;
  gap: 6px;

  .pin:not([aria-pressed='true']) {
    opacity: 0;
    transition: opacity 0.15s;
  }

  /* Shown while the tile is pointed at or focused; always on a touch screen, which cannot point. */
  @media (hover: none) {
    .pin:not([aria-pressed='true']) {
      opacity: 1;
    }
  }
`;

const Hand = styled.div`
  position: absolute;
  top: 12px;
  left: 12px;
  padding: 4px 8px;
  border-radius: 8px;
  font-size: 20px;
  line-height: 1;
  background: ${colors.primaryFill};
`;

/** One participant's camera (or shared screen): video, name bottom-left, mic-muted icon, speaking outline. */
export function VideoTile(props: VideoTileProps) {
  const { peerId, name, self, stream, micMuted, cameraOff, speaking, screen = false, handRaised = false, reactions = [], pinned = false, onPin } = props;
  const { ref, soundBlocked, unblockSound } = useMediaElement(stream, self || screen, cameraOff);
  const label = screen ? `${name} is presenting` : self ? `${name} (you)` : name;
  const videoClass = [self && !screen ? 'mirrored' : '', screen ? 'screen' : '', cameraOff && !screen ? 'hidden' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <Tile
      data-testid="video-tile"
      data-peer-id={peerId}
      data-self={String(self)}
      data-name={name}
      data-mic-muted={String(micMuted)}
      data-camera-off={String(cameraOff)}
      data-speaking={String(speaking)}
      data-screen={String(screen)}
      data-hand-raised={String(handRaised)}
      data-pinned={String(pinned)}
      $speaking={speaking && !screen}
      aria-label={label}
    >
      <video ref={ref} autoPlay playsInline className={videoClass || undefined} />
      {cameraOff && !screen && (
        <Initials>
          <PersonAvatar name={name} size={96} />
        </Initials>
      )}
      <Label>
        {screen && <DesktopOutlined aria-hidden />}
        <span className="name">{label}</span>
        {micMuted && !screen && <AudioMutedOutlined aria-label="Microphone muted" role="img" />}
      </Label>
      {handRaised && (
        <Hand>
          <RaisedHand />
        </Hand>
      )}
      <ReactionsOverlay name={name} reactions={reactions} />
      {(soundBlocked || onPin) && (
        <Corner>
          {soundBlocked && (
            <Button size="small" icon={<SoundOutlined />} onClick={unblockSound}>
              Turn on sound
            </Button>
          )}
          {onPin && (
            <Button
              className="pin"
              size="small"
              shape="circle"
              aria-label={pinned ? `Unpin ${label}` : `Pin ${label}`}
              aria-pressed={pinned}
              type={pinned ? 'primary' : 'default'}
              icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
              onClick={onPin}
            />
          )}
        </Corner>
      )}
    </Tile>
  );
}
