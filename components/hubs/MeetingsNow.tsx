import Link from 'next/link';
import styled from 'styled-components';
import type { LiveMeeting } from '@/lib/contract/home';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { StartMeetingButton } from '@/components/meetings/StartMeetingButton';
import { Panel } from '@/components/ui/Panel';

const List = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    padding: 12px 14px;
    border: 1px solid ${colors.border};
    border-radius: 12px;
  }

  .text {
    display: grid;
    flex: 1 1 180px;
    gap: 2px;
    min-width: 0;
  }

  strong {
    font-weight: 500;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .who {
    font-size: 13px;
    color: ${colors.textSecondary};
    overflow-wrap: anywhere;
  }
`;

const JoinLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  height: 32px;
  padding: 0 16px;
  border-radius: 8px;
  font-weight: 500;
  color: ${colors.white};
  background: ${theme.primaryColor};

  &:hover,
  &:focus-visible {
    color: ${colors.white};
    background: ${colors.primaryLight};
  }
`;

const Quiet = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${colors.textSecondary};
`;

/** Up to three names, then how many more: "Ada, Lin and 2 others". */
export function peopleIn(meeting: Pick<LiveMeeting, 'participants' | 'participant_count'>): string {
  const names = meeting.participants.slice(0, 3).map((p) => p.name);
  const more = meeting.participant_count - names.length;
  if (more > 0) return `${names.join(', ')} and ${more} ${more === 1 ? 'other' : 'others'}`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** Meetings going on now that the person may join, with who is in them; and a way to start one. */
export function MeetingsNow({ meetings }: { meetings: LiveMeeting[] | null }) {
  return (
    <Panel title="Meetings now" aside={<StartMeetingButton type="default" />}>
      {meetings?.length === 0 && <Quiet>Nobody is in a meeting right now.</Quiet>}
      {meetings && meetings.length > 0 && (
        <List aria-label="Meetings going on">
          {meetings.map((meeting) => (
            <li key={meeting.code}>
              <span className="text">
                <strong>{meeting.space ? `Meeting in ${meeting.space.name}` : 'Hub meeting'}</strong>
                <span className="who">
                  {peopleIn(meeting)} · {meeting.participant_count} {meeting.participant_count === 1 ? 'person' : 'people'}
                </span>
              </span>
              <JoinLink href={`/meet/${meeting.code}`} aria-label={`Join ${meeting.space ? `the meeting in ${meeting.space.name}` : 'the hub meeting'}`}>
                Join
              </JoinLink>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}
