import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMeeting } from '@/lib/contract/home';
import { server } from '@/mocks/node';
import { MeetingsNow } from '@/components/hubs/MeetingsNow';
import { LIVE_REFRESH_MS, SpaceMeetingsNow } from '@/components/meetings/LiveMeetings';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp } from '@/tests/render';

setupMockServer();

const design: LiveMeeting = {
  code: 'abc-defg-hij',
  space: { id: '11111111-1111-4111-8111-111111111111', name: 'Design reviews' },
  started_by: { id: 'u1', name: 'Ada Lovelace' },
  started_at: '2026-01-01T10:00:00.000Z',
  participant_count: 2,
  participants: [{ id: 'u1', name: 'Ada Lovelace' }, { id: 'u2', name: 'Lin Chen' }],
};

/** The live list the API answers now, and the queries it was asked with. */
function liveEndpoint() {
  const state = { meetings: [] as LiveMeeting[], asked: [] as string[] };
  server.use(
    http.get('*/api/v1/meetings/live/', ({ request }) => {
      state.asked.push(new URL(request.url).search);
      return HttpResponse.json({ data: state.meetings });
    }),
  );
  return state;
}

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  // Intervals only, still moving with real time: the mock backend's own timers keep running.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const tick = () => act(() => vi.advanceTimersByTime(LIVE_REFRESH_MS));

describe('meetings now', () => {
  it('starts from the hub home’s list and follows meetings as they start, every few seconds while the page is seen', async () => {
    const api = liveEndpoint();
    renderWithApp(<MeetingsNow initial={[]} />);
    const panel = screen.getByRole('region', { name: 'Meetings now' });
    expect(within(panel).getByText('Nobody is in a meeting right now.')).toBeInTheDocument();
    expect(api.asked).toEqual([]);

    api.meetings = [design];
    tick();
    expect(await within(panel).findByText('Meeting in Design reviews')).toBeInTheDocument();
    expect(within(panel).getByText('Ada Lovelace and Lin Chen · 2 people')).toBeInTheDocument();
    expect(api.asked).toEqual(['']);

    // A hidden page is not refreshed; coming back into view refreshes at once.
    visibility = 'hidden';
    api.meetings = [];
    tick();
    expect(api.asked).toHaveLength(1);
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await within(panel).findByText('Nobody is in a meeting right now.')).toBeInTheDocument();
    expect(api.asked).toHaveLength(2);
  });

  it('shows a space’s meetings on its page only while there are some', async () => {
    const api = liveEndpoint();
    renderWithApp(<SpaceMeetingsNow spaceId={design.space!.id} />);
    await waitFor(() => expect(api.asked).toEqual([`?space_id=${design.space!.id}`]));
    expect(screen.queryByRole('region', { name: 'Meetings now' })).toBeNull();

    api.meetings = [design];
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const panel = await screen.findByRole('region', { name: 'Meetings now' });
    expect(within(panel).getByRole('link', { name: 'Join the meeting in Design reviews' })).toHaveAttribute('href', '/meet/abc-defg-hij');
  });
});
