import { useEffect, useState } from 'react';
import Link from 'next/link';
import styled from 'styled-components';
import type { LiveMeeting } from '@/lib/contract/home';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { meetingsApi } from '@/client/http/meetings-api';
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

/** Up to three names, then how many more: "Ada, Lin and 2 others". */
export function peopleIn(meeting: Pick<LiveMeeting, 'participants' | 'participant_count'>): string {
  const names = meeting.participants.slice(0, 3).map((p) => p.name);
  const more = meeting.participant_count - names.length;
  if (more > 0) return `${names.join(', ')} and ${more} ${more === 1 ? 'other' : 'others'}`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** How often the list is asked for again while the page is in view. */
export const LIVE_REFRESH_MS = 10_000;

/**
 * The meetings going on now (in one space, with `spaceId`), asked for again
 * every LIVE_REFRESH_MS while the page is visible and whenever it comes back
 * into view. `initial` (the hub home's copy) stands in until the first answer;
 * without it the list is asked for at once. A failed refresh keeps the last list.
 */
export function useLiveMeetings({ spaceId, initial }: { spaceId?: string; initial?: LiveMeeting[] | null }): LiveMeeting[] | null {
  const [fetched, setFetched] = useState<{ from: LiveMeeting[] | null | undefined; meetings: LiveMeeting[] } | null>(null);
  const waitForFirst = initial !== undefined;

  useEffect(() => {
    let cancelled = false;
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      meetingsApi.live(spaceId).then(
        ({ data }) => {
          if (!cancelled) setFetched({ from: initial, meetings: data });
        },
        () => undefined,
      );
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    if (!waitForFirst) refresh();
    const timer = setInterval(refresh, LIVE_REFRESH_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [spaceId, initial, waitForFirst]);

  // A newer `initial` (the home loaded again, another hub) replaces what was fetched before it.
  if (fetched && fetched.from === initial) return fetched.meetings;
  return initial ?? null;
}

/** Each meeting going on, with who is in it and a Join link. */
export function LiveList({ meetings }: { meetings: LiveMeeting[] }) {
  return (
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
  );
}

/** A space's meetings going on now, kept up to date; nothing while there are none. */
export function SpaceMeetingsNow({ spaceId }: { spaceId: string }) {
  const meetings = useLiveMeetings({ spaceId });
  if (!meetings || meetings.length === 0) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <Panel title="Meetings now">
        <LiveList meetings={meetings} />
      </Panel>
    </div>
  );
}
