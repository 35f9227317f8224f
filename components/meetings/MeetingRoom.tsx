import { useEffect } from 'react';
import { Alert, App, Spin } from 'antd';
import styled from 'styled-components';
import { signalCloseCodes } from '@/lib/contract/meetings';
import { MediaError } from '@/client/meetings/local-media';
import { meetingLink } from '@/lib/meetings/meeting-code';
import type { JoinSettings, MeetingSnapshot } from '@/client/meetings/meeting-session';
import { useMeeting } from '@/components/meetings/useMeeting';
import { ControlBar } from './ControlBar';
import { VideoGrid } from './VideoGrid';

const Room = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 100%;
  padding-bottom: 16px;
`;

const Banner = styled.div`
  position: fixed;
  top: 12px;
  left: 50%;
  z-index: 20;
  transform: translateX(-50%);
`;

/** Why the server ended the visit, in words. */
function refusalText(snapshot: Pick<MeetingSnapshot, 'closeCode' | 'error'>): string {
  switch (snapshot.closeCode) {
    case signalCloseCodes.notFound:
      return 'This meeting was not found or you are not a member of its hub.';
    case signalCloseCodes.full:
      return 'This meeting is full.';
    case signalCloseCodes.unauthenticated:
      return 'Your session has ended. Please sign in again.';
    default:
      return snapshot.error ?? 'The connection to the meeting was closed.';
  }
}

const canShareScreen = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getDisplayMedia);

interface MeetingRoomProps {
  code: string;
  settings: JoinSettings;
  selfName: string;
  /** Called once the visit is over: left by the person, or refused/ended by the server. */
  onEnded(result: { left: boolean; reason: string | null }): void;
}

/** In the meeting: everyone's tiles, the control bar, and a banner while the link is being restored. */
export function MeetingRoom({ code, settings, selfName, onEnded }: MeetingRoomProps) {
  const { message } = App.useApp();
  const { snapshot, setCamera, setMic, setScreen, leave } = useMeeting(code, settings);
  const { status } = snapshot;

  useEffect(() => {
    if (status === 'left') onEnded({ left: true, reason: null });
    else if (status === 'refused') onEnded({ left: false, reason: refusalText(snapshot) });
    // Only the status change matters; the snapshot's other fields are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  const attempt = (action: Promise<void>, what: string) => {
    action.catch((error: unknown) => {
      if (error instanceof MediaError) void message.error(error.message);
      else if ((error as { name?: string }).name !== 'NotAllowedError') void message.error(`Could not ${what}.`);
    });
  };

  const copyLink = () => {
    const link = meetingLink(window.location.origin, code);
    if (!navigator.clipboard) {
      void message.info(link);
      return;
    }
    navigator.clipboard.writeText(link).then(
      () => void message.success('Meeting link copied'),
      // Without clipboard permission, show the link so it can be copied by hand.
      () => void message.info(link),
    );
  };

  return (
    <Room>
      {status === 'reconnecting' && (
        <Banner>
          <Alert type="warning" showIcon title="Reconnecting…" role="status" />
        </Banner>
      )}
      {status === 'connecting' && (
        <Banner>
          <Spin size="small" /> <span style={{ marginLeft: 8 }}>Joining…</span>
        </Banner>
      )}
      <VideoGrid snapshot={snapshot} selfName={selfName} />
      <ControlBar
        cameraOn={snapshot.media.video}
        micOn={snapshot.media.audio}
        sharing={snapshot.screen !== null}
        canShare={canShareScreen()}
        onCamera={(on) => attempt(setCamera(on), on ? 'turn the camera on' : 'turn the camera off')}
        onMic={(on) => attempt(setMic(on), on ? 'unmute the microphone' : 'mute the microphone')}
        onScreen={(on) => attempt(setScreen(on), on ? 'share the screen' : 'stop sharing')}
        onCopyLink={copyLink}
        onLeave={leave}
      />
    </Room>
  );
}
