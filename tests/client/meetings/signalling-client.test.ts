import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@/lib/contract/meetings';
import {
  reconnectDelay, signallingUrl, SignallingClient, SIGNAL_PING_INTERVAL_MS, SIGNAL_SILENCE_TIMEOUT_MS,
  type SignallingStatus,
} from '@/client/meetings/signalling-client';
import { createFakeSocket, FakeSocket } from './fake-socket';
import { meeting } from './fixtures';


const welcome = (peerId = '11111111-1111-4111-8111-111111111111'): ServerMessage => ({
  type: 'welcome',
  peer_id: peerId,
  meeting,
  ice_servers: [{ urls: ['stun:stun.example.test:3478'] }],
  ice_transport_policy: 'all',
  participants: [],
  self: { peer_id: peerId, user: { id: 'u1', name: 'Dana' }, state: { audio: true, video: false, screen: null }, host: false, hand_raised_at: null },
  chat: [],
});

function setup(token: string | null = 'tok-1') {
  const messages: ServerMessage[] = [];
  const statuses: { status: SignallingStatus; code?: number }[] = [];
  const client = new SignallingClient({
    code: 'abc-defg-hij',
    url: 'ws://test/api/v1/meetings/signal/',
    token: () => token,
    state: () => ({ audio: true, video: false, screen: null }),
    onMessage: (m) => messages.push(m),
    onStatus: (status, close) => statuses.push({ status, code: close?.code }),
    createSocket: createFakeSocket,
  });
  client.connect();
  return { client, messages, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => vi.useRealTimers());

describe('signalling client', () => {
  it('joins with the token, the code and the media state as soon as the socket opens', () => {
    setup();
    expect(FakeSocket.created).toHaveLength(1);
    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([
      { type: 'join', token: 'tok-1', code: 'abc-defg-hij', state: { audio: true, video: false, screen: null } },
    ]);
    expect(FakeSocket.last.url).toBe('ws://test/api/v1/meetings/signal/');
  });

  it('hands on contract messages and drops malformed ones', () => {
    const { messages, statuses } = setup();
    FakeSocket.last.open();
    FakeSocket.last.receive('not json');
    FakeSocket.last.receive({ type: 'peer-left' });
    FakeSocket.last.receive({ type: 'nonsense', peer_id: 'x' });
    expect(messages).toEqual([]);
    FakeSocket.last.receive(welcome());
    FakeSocket.last.receive({ type: 'peer-left', peer_id: 'p2' });
    expect(messages.map((m) => m.type)).toEqual(['welcome', 'peer-left']);
    expect(statuses.map((s) => s.status)).toEqual(['open']);
  });

  it('does not send signals before the welcome', () => {
    const { client } = setup();
    FakeSocket.last.open();
    expect(client.send({ type: 'state', state: { audio: false, video: false, screen: null } })).toBe(false);
    FakeSocket.last.receive(welcome());
    expect(client.send({ type: 'state', state: { audio: false, video: false, screen: null } })).toBe(true);
    expect(FakeSocket.last.sentTypes()).toEqual(['join', 'state']);
  });

  it('pings every few seconds', () => {
    setup();
    FakeSocket.last.open();
    FakeSocket.last.receive(welcome());
    vi.advanceTimersByTime(SIGNAL_PING_INTERVAL_MS);
    FakeSocket.last.receive({ type: 'pong' });
    vi.advanceTimersByTime(SIGNAL_PING_INTERVAL_MS);
    expect(FakeSocket.last.sentTypes()).toEqual(['join', 'ping', 'ping']);
  });

  it('reconnects with growing delays after a dropped link, and joins again', () => {
    const { statuses } = setup();
    FakeSocket.last.open();
    FakeSocket.last.receive(welcome());
    FakeSocket.last.drop(1006);
    expect(statuses.map((s) => s.status)).toEqual(['open', 'reconnecting']);

    vi.advanceTimersByTime(reconnectDelay(0) - 1);
    expect(FakeSocket.created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.created).toHaveLength(2);

    // The second attempt fails too: the next wait is longer.
    FakeSocket.last.drop(1006);
    vi.advanceTimersByTime(reconnectDelay(1) - 1);
    expect(FakeSocket.created).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.created).toHaveLength(3);

    FakeSocket.last.open();
    expect(FakeSocket.last.sentTypes()).toEqual(['join']);
    FakeSocket.last.receive(welcome('22222222-2222-4222-8222-222222222222'));
    expect(statuses.map((s) => s.status)).toEqual(['open', 'reconnecting', 'open']);
  });

  it('caps the backoff at five seconds', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });

  it.each([4401, 4404, 4409, 1008, 1009, 1000])('stops for good after close code %i', (code) => {
    const { statuses } = setup();
    FakeSocket.last.open();
    FakeSocket.last.drop(code);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(statuses).toEqual([{ status: 'closed', code }]);
  });

  it('replaces a socket that has gone silent', () => {
    const { statuses } = setup();
    FakeSocket.last.open();
    FakeSocket.last.receive(welcome());
    const first = FakeSocket.last;
    vi.advanceTimersByTime(SIGNAL_SILENCE_TIMEOUT_MS + SIGNAL_PING_INTERVAL_MS);
    expect(first.closedWith).not.toBeNull();
    expect(statuses.map((s) => s.status)).toContain('reconnecting');
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(FakeSocket.created).toHaveLength(2);
  });

  it('says goodbye on leave and never reconnects', () => {
    const { client, statuses } = setup();
    FakeSocket.last.open();
    FakeSocket.last.receive(welcome());
    client.leave();
    expect(FakeSocket.last.sentTypes()).toEqual(['join', 'leave']);
    expect(FakeSocket.last.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(statuses.at(-1)?.status).toBe('closed');
  });

  it('builds the socket address from the API host or the page', () => {
    expect(signallingUrl('', { protocol: 'https:', host: 'convene.test' })).toBe('wss://convene.test/api/v1/meetings/signal/');
    expect(signallingUrl('', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/v1/meetings/signal/');
    expect(signallingUrl('https://api.convene.test', { protocol: 'http:', host: 'x' })).toBe('wss://api.convene.test/api/v1/meetings/signal/');
  });
});
