import { useEffect, useState } from 'react';
import { Alert, App, Spin } from 'antd';
import styled from 'styled-components';
import { signalCloseCodes } from '@/lib/contract/meetings';
import { MediaError } from '@/client/meetings/local-media';
import { EffectError } from '@/client/meetings/effects/track-effects';
import { meetingLink } from '@/lib/meetings/meeting-code';
import type { JoinSettings, MeetingSnapshot } from '@/client/meetings/meeting-session';
import { useMeeting } from '@/components/meetings/useMeeting';
import { ChatPanel } from './ChatPanel';
import { ControlBar } from './ControlBar';
import { EffectsMenu, effectLabels } from './EffectsToggles';
import { MeetingActions, type MeetingLayout, type SidePanel as Which } from './MeetingActions';
import { ParticipantsPanel } from './ParticipantsPanel';
import { SidePanel } from './SidePanel';
import { VideoGrid } from './VideoGrid';

const Room = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 100%;
  padding-bottom: 16px;
`;

const Stage = styled.div`
  display: flex;
  width: 100%;

  > :first-child {
    flex: 1;
    min-width: 0;
  }
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
    case signalCloseCodes.removed:
      return 'The host removed you from the meeting.';
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
  const meeting = useMeeting(code, settings);
  const { snapshot, setCamera, setMic, setScreen, leave } = meeting;
  const { status, chat, notice } = snapshot;
  const [panel, setPanel] = useState<Which | null>(null);
  const [draft, setDraft] = useState('');
  const [layout, setLayout] = useState<MeetingLayout>('grid');
  const [pinned, setPinned] = useState<string | null>(null);
  // Messages read: all of them while the chat is open; the others' newer ones make the unread badge.
  const [read, setRead] = useState(0);
  if (panel === 'chat' && read !== chat.length) setRead(chat.length);
  const unread = chat.slice(read).filter((m) => m.peer_id !== snapshot.selfPeerId).length;

  useEffect(() => {
    if (!notice) return;
    if (notice.tone === 'error') void message.error(notice.text);
    else void message.info(notice.text);
  }, [notice, message]);

  useEffect(() => {
    if (status === 'left') onEnded({ left: true, reason: null });
    else if (status === 'refused') onEnded({ left: false, reason: refusalText(snapshot) });
    // Only the status change matters; the snapshot's other fields are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  const attempt = (action: Promise<void>, what: string) =>
    action.catch((error: unknown) => {
      if (error instanceof MediaError || error instanceof EffectError) void message.error(error.message);
      else if ((error as { name?: string }).name !== 'NotAllowedError') void message.error(`Could not ${what}.`);
    });

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
      <Stage>
        <VideoGrid
          snapshot={snapshot}
          selfName={selfName}
          layout={layout}
          pinned={pinned}
          onPin={(key) => {
            setPinned(key);
            // Pinning shows the tile large, which is the speaker layout.
            if (key) setLayout('speaker');
          }}
          onLayer={meeting.preferLayer}
        />
        <SidePanel
          open={panel}
          onOpen={setPanel}
          unread={unread}
          peopleCount={snapshot.participants.length + 1}
          chat={<ChatPanel messages={chat} selfPeerId={snapshot.selfPeerId} draft={draft} onDraftChange={setDraft} onSend={meeting.sendChat} />}
          people={
            <ParticipantsPanel
              self={snapshot.self}
              selfName={selfName}
              selfMedia={snapshot.media}
              participants={snapshot.participants}
              onMute={meeting.mute}
              onRemove={meeting.remove}
            />
          }
        />
      </Stage>
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
      >
        <MeetingActions
          handRaised={Boolean(snapshot.self?.hand_raised_at)}
          onHand={meeting.setHand}
          onReact={meeting.react}
          panel={panel}
          onPanel={setPanel}
          unread={unread}
          peopleCount={snapshot.participants.length + 1}
          layout={layout}
          onLayout={(next) => {
            setLayout(next);
            if (next === 'grid') setPinned(null);
          }}
        />
        <EffectsMenu
          settings={snapshot.effects}
          onChange={(effect, on) => attempt(meeting.setEffect(effect, on), `turn ${effectLabels[effect].toLowerCase()} ${on ? 'on' : 'off'}`)}
        />
      </ControlBar>
    </Room>
  );
}
