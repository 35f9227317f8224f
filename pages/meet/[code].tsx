import { useState } from 'react';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { VideoCameraOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { AppPage } from '@/lib/page';
import { meetingsApi } from '@/client/http/meetings-api';
import { parseMeetingCode } from '@/lib/meetings/meeting-code';
import type { JoinSettings } from '@/client/meetings/meeting-session';
import { readRejoin } from '@/components/meetings/useMeeting';
import { useAuthStore } from '@/store/auth';
import { Unavailable } from '@/components/ui/Unavailable';
import { useLoad } from '@/components/ui/useLoad';
import { MeetingEnded } from '@/components/meetings/MeetingEnded';
import { withMeetingLayout } from '@/components/meetings/MeetingLayout';
import { MeetingLobby, meetingTitle } from '@/components/meetings/MeetingLobby';
import { MeetingRoom } from '@/components/meetings/MeetingRoom';

export const MEETING_NOT_FOUND = 'This meeting was not found or you are not a member of its hub.';

type Phase =
  | { name: 'lobby' }
  | { name: 'meeting'; settings: JoinSettings }
  | { name: 'left'; settings: JoinSettings }
  | { name: 'refused'; reason: string };

const backToMeetings = { href: '/meet', label: 'Back to meetings' };

function Problem({ title, text, retry }: { title: string; text: string; retry?: () => void }) {
  return <Unavailable title={title} text={text} retry={retry} back={backToMeetings} Icon={VideoCameraOutlined} />;
}

/** A meeting: the lobby, then the meeting itself; a reload while in it rejoins directly. */
const MeetingPage: AppPage = () => {
  const router = useRouter();
  const raw = typeof router.query.code === 'string' ? router.query.code : null;
  const code = raw ? parseMeetingCode(raw) : null;
  const selfName = useAuthStore((s) => s.user?.name ?? 'You');
  const { load, retry } = useLoad(raw === null ? null : (code ?? `invalid:${raw}`), async (key) => {
    if (key.startsWith('invalid:')) return null;
    return (await meetingsApi.get(key)).data;
  });
  const [phase, setPhase] = useState<Phase | null>(null);

  // Decided once the meeting is known (during render, so the lobby never flashes): straight back in after a reload, else the lobby.
  if (load.state === 'ready' && load.value !== null && code && !phase) {
    const rejoin = readRejoin(code);
    setPhase(rejoin ? { name: 'meeting', settings: rejoin } : { name: 'lobby' });
  }

  if (load.state === 'loading' || raw === null) return <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 32 }} />;
  if (load.state === 'missing' || load.state === 'forbidden' || (load.state === 'ready' && load.value === null) || !code) {
    return <Problem title="Meeting not found" text={MEETING_NOT_FOUND} />;
  }
  if (load.state === 'failed') return <Problem title="We could not open this meeting" text={load.message} retry={retry} />;
  const meeting = load.value;
  if (!meeting) return null;

  return (
    <>
      <Head>
        <title>{`Meeting · ${meetingTitle(meeting)} · Convene`}</title>
      </Head>
      {phase?.name === 'lobby' && <MeetingLobby meeting={meeting} onJoin={(settings) => setPhase({ name: 'meeting', settings })} />}
      {phase?.name === 'meeting' && (
        <MeetingRoom
          code={code}
          settings={phase.settings}
          selfName={selfName}
          onEnded={({ left, reason }) =>
            setPhase(left ? { name: 'left', settings: phase.settings } : { name: 'refused', reason: reason ?? MEETING_NOT_FOUND })
          }
        />
      )}
      {phase?.name === 'left' && (
        <MeetingEnded
          // The lobby's preview was released on leaving: rejoining opens the devices again.
          onRejoin={() => setPhase({ name: 'meeting', settings: { ...phase.settings, stream: null } })}
          onBack={() => void router.push('/')}
        />
      )}
      {phase?.name === 'refused' && <Problem title="You are not in this meeting" text={phase.reason} />}
    </>
  );
};

MeetingPage.access = 'user';
MeetingPage.getLayout = withMeetingLayout;

export default MeetingPage;
