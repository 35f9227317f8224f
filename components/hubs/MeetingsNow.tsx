import type { LiveMeeting } from '@/lib/contract/home';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { LiveList, useLiveMeetings } from '@/components/meetings/LiveMeetings';
import { StartMeetingButton } from '@/components/meetings/StartMeetingButton';
import { Panel } from '@/components/ui/Panel';

const Quiet = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${colors.textSecondary};
`;

/** Meetings going on now that the person may join, with who is in them, kept up to date; and a way to start one. */
export function MeetingsNow({ initial }: { initial: LiveMeeting[] | null }) {
  const meetings = useLiveMeetings({ initial });
  return (
    <Panel title="Meetings now" aside={<StartMeetingButton type="default" />}>
      {meetings?.length === 0 && <Quiet>Nobody is in a meeting right now.</Quiet>}
      {meetings && meetings.length > 0 && <LiveList meetings={meetings} />}
    </Panel>
  );
}
