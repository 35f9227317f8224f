import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Participant } from '@/lib/contract/meetings';
import { setAuthToken } from '@/client/http/clients';
import { CHAT_NOT_SENT, CHAT_TOO_FAST, MeetingSession, REACTION_SHOW_MS } from '@/client/meetings/meeting-session';
import { createFakeSocket, FakeSocket } from './fake-socket';
import { meeting } from './fixtures';

const SELF = '55555555-5555-4555-8555-555555555555';
const ana: Participant = { peer_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', user: { id: 'u2', name: 'Ana' }, state: { audio: true, video: true, screen: null }, host: true, hand_raised_at: null };
const bo: Participant = { peer_id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', user: { id: 'u3', name: 'Bo' }, state: { audio: false, video: true, screen: null }, host: false, hand_raised_at: null };
const me: Participant = { peer_id: SELF, user: { id: 'u1', name: 'Dana' }, state: { audio: false, video: false, screen: null }, host: false, hand_raised_at: null };
const said = (text: string, from: Participant, id = text): ChatMessage => ({ id, peer_id: from.peer_id, user: from.user, text, sent_at: '2026-01-01T10:00:00.000Z' });

/** The smallest RTCPeerConnection the mesh touches, recording what happened to it. */
class FakePeerConnection {
  static created: FakePeerConnection[] = [];
  closed = false;
  restarts = 0;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  ontrack: (() => void) | null = null;
  iceConnectionState = 'new';
  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.created.push(this);
  }
  close() {
    this.closed = true;
  }
  restartIce() {
    this.restarts += 1;
  }
  transceivers: Array<{ kind: string; direction: string }> = [];
  getTransceivers() {
    return [];
  }
  addTransceiver(kind: string, init: { direction: string }) {
    const transceiver = { kind, direction: init.direction };
    this.transceivers.push(transceiver);
    return transceiver;
  }
}

async function joined(participants: Participant[] = [ana], { self = me, chat = [] as ChatMessage[], audio = false } = {}) {
  const session = new MeetingSession('abc-defg-hij', { audio, video: false }, {
    createSocket: createFakeSocket,
    createConnection: (config) => new FakePeerConnection(config) as unknown as RTCPeerConnection,
    openMedia: async () => micStream(),
  });
  await session.start();
  FakeSocket.last.open();
  FakeSocket.last.receive({
    type: 'welcome',
    peer_id: SELF,
    meeting,
    ice_servers: [{ urls: ['turn:turn.example.test:3478'], username: 'u', credential: 'c' }],
    ice_transport_policy: 'relay',
    participants,
    self,
    chat,
  });
  return session;
}

/** A stream holding one microphone track, enough for the session (jsdom has no MediaStream). */
class FakeStream {
  tracks: MediaStreamTrack[] = [];
  readonly id = 'local';
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
  }
  removeTrack(track: MediaStreamTrack) {
    this.tracks = this.tracks.filter((t) => t !== track);
  }
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
}

function micStream(): MediaStream {
  const stream = new FakeStream();
  stream.addTrack({ kind: 'audio', enabled: true, stop: vi.fn() } as unknown as MediaStreamTrack);
  return stream as unknown as MediaStream;
}

beforeEach(() => {
  vi.stubGlobal('MediaStream', FakeStream);
  FakeSocket.reset();
  FakePeerConnection.created = [];
  setAuthToken('tok-1');
});
afterEach(() => {
  setAuthToken(null);
  vi.unstubAllGlobals();
});

describe('meeting session', () => {
  it('connects to everyone already there with the ICE servers and policy of the welcome', async () => {
    const session = await joined([ana, bo]);
    const snapshot = session.getSnapshot();
    expect(snapshot.status).toBe('in-meeting');
    expect(snapshot.selfPeerId).toBe(SELF);
    expect(snapshot.participants.map((p) => p.user.name)).toEqual(['Ana', 'Bo']);
    expect(FakePeerConnection.created).toHaveLength(2);
    expect(FakePeerConnection.created[0]?.config).toEqual({
      iceServers: [{ urls: ['turn:turn.example.test:3478'], username: 'u', credential: 'c' }],
      iceTransportPolicy: 'relay',
    });
  });

  it('offers first only to people with a larger peer id; the others offer to us', async () => {
    const early: Participant = { ...ana, peer_id: '11111111-1111-4111-8111-111111111111' };
    await joined([early, ana]);
    // Only the connection to Ana (larger id) is made now, offering to receive both kinds as we send nothing.
    expect(FakePeerConnection.created).toHaveLength(1);
    expect(FakePeerConnection.created[0]?.transceivers).toEqual([
      { kind: 'audio', direction: 'recvonly' },
      { kind: 'video', direction: 'recvonly' },
    ]);
  });

  it('follows people joining, changing state and leaving', async () => {
    const session = await joined([ana]);
    FakeSocket.last.receive({ type: 'peer-joined', participant: bo });
    expect(session.getSnapshot().participants.map((p) => p.peer_id)).toEqual([ana.peer_id, bo.peer_id]);
    expect(FakePeerConnection.created).toHaveLength(2);

    FakeSocket.last.receive({ type: 'peer-state', peer_id: bo.peer_id, state: { audio: true, video: false, screen: null } });
    expect(session.getSnapshot().participants[1]?.state).toEqual({ audio: true, video: false, screen: null });

    FakeSocket.last.receive({ type: 'peer-left', peer_id: ana.peer_id });
    expect(session.getSnapshot().participants.map((p) => p.peer_id)).toEqual([bo.peer_id]);
    expect(FakePeerConnection.created[0]?.closed).toBe(true);
    expect(FakePeerConnection.created[1]?.closed).toBe(false);
  });

  it('rebuilds every connection after a rejoin with a new peer id', async () => {
    vi.useFakeTimers();
    try {
      const session = await joined([ana]);
      FakeSocket.last.drop(1006);
      expect(session.getSnapshot().status).toBe('reconnecting');
      vi.advanceTimersByTime(500);
      FakeSocket.last.open();
      FakeSocket.last.receive({ type: 'welcome', peer_id: '66666666-6666-4666-8666-666666666666', meeting, ice_servers: [], ice_transport_policy: 'all', participants: [ana], self: me, chat: [] });
      expect(session.getSnapshot().status).toBe('in-meeting');
      expect(FakePeerConnection.created).toHaveLength(2);
      expect(FakePeerConnection.created[0]?.closed).toBe(true);
      expect(FakePeerConnection.created[1]?.closed).toBe(false);
      session.leave();
    } finally {
      vi.useRealTimers();
    }
  });

  it('restarts ICE when a connection fails, and when the network comes back', async () => {
    await joined([ana]);
    const pc = FakePeerConnection.created[0];
    if (!pc) throw new Error('no connection');
    pc.iceConnectionState = 'failed';
    pc.oniceconnectionstatechange?.();
    expect(pc.restarts).toBe(1);
    window.dispatchEvent(new Event('online'));
    expect(pc.restarts).toBe(2);
  });

  it('ends as refused when the server closes with a final code', async () => {
    const session = await joined([ana]);
    FakeSocket.last.drop(4409, 'full');
    expect(session.getSnapshot().status).toBe('refused');
    expect(session.getSnapshot().closeCode).toBe(4409);
    expect(FakePeerConnection.created[0]?.closed).toBe(true);
  });

  it('leaving says so to the server and closes the connections', async () => {
    const session = await joined([ana]);
    session.leave();
    expect(FakeSocket.last.sentTypes()).toEqual(['join', 'leave']);
    expect(session.getSnapshot().status).toBe('left');
    expect(FakePeerConnection.created[0]?.closed).toBe(true);
  });
});

describe('meeting session: chat, hands, reactions and the host', () => {
  it('shows the chat so far, adds messages as they come, and settles a sent one when it comes back', async () => {
    const session = await joined([ana], { chat: [said('Hello', ana)] });
    expect(session.getSnapshot().chat.map((m) => m.text)).toEqual(['Hello']);

    const sent = session.sendChat('Hi Ana');
    expect(FakeSocket.last.sent.at(-1)).toEqual({ type: 'chat', text: 'Hi Ana' });
    FakeSocket.last.receive({ type: 'chat', message: said('And you?', ana) });
    FakeSocket.last.receive({ type: 'chat', message: said('Hi Ana', me) });
    await expect(sent).resolves.toBeUndefined();
    expect(session.getSnapshot().chat.map((m) => m.text)).toEqual(['Hello', 'And you?', 'Hi Ana']);
  });

  it('refuses a message sent too fast with words for the chat panel, and one sent while not connected', async () => {
    const session = await joined([ana]);
    const sent = session.sendChat('one more');
    FakeSocket.last.receive({ type: 'error', code: 'chat_rate_limited', message: 'Too many messages.' });
    await expect(sent).rejects.toThrow(CHAT_TOO_FAST);
    expect(session.getSnapshot().error).toBeNull();

    FakeSocket.last.drop(1006);
    await expect(session.sendChat('while away')).rejects.toThrow(CHAT_NOT_SENT);
    session.leave();
  });

  it('follows raised hands, its own included', async () => {
    const session = await joined([ana, bo]);
    FakeSocket.last.receive({ type: 'peer-hand', peer_id: bo.peer_id, hand_raised_at: '2026-01-01T10:00:01.000Z' });
    expect(session.getSnapshot().participants.map((p) => p.hand_raised_at)).toEqual([null, '2026-01-01T10:00:01.000Z']);

    session.setHand(true);
    expect(FakeSocket.last.sent.at(-1)).toEqual({ type: 'hand', raised: true });
    expect(session.getSnapshot().self?.hand_raised_at).not.toBeNull();
    FakeSocket.last.receive({ type: 'peer-hand', peer_id: SELF, hand_raised_at: '2026-01-01T10:00:02.000Z' });
    expect(session.getSnapshot().self?.hand_raised_at).toBe('2026-01-01T10:00:02.000Z');

    session.setHand(false);
    expect(FakeSocket.last.sent.at(-1)).toEqual({ type: 'hand', raised: false });
    expect(session.getSnapshot().self?.hand_raised_at).toBeNull();
  });

  it('floats reactions over their sender for a few seconds; its own at once, not twice', async () => {
    vi.useFakeTimers();
    try {
      const session = await joined([ana]);
      FakeSocket.last.receive({ type: 'reaction', peer_id: ana.peer_id, emoji: '👏' });
      session.react('🎉');
      expect(FakeSocket.last.sent.at(-1)).toEqual({ type: 'reaction', emoji: '🎉' });
      FakeSocket.last.receive({ type: 'reaction', peer_id: SELF, emoji: '🎉' });
      expect(session.getSnapshot().reactions.map((r) => [r.peerId, r.emoji])).toEqual([[ana.peer_id, '👏'], [SELF, '🎉']]);
      vi.advanceTimersByTime(REACTION_SHOW_MS);
      expect(session.getSnapshot().reactions).toEqual([]);
      session.leave();
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns its microphone off when the host mutes it, says who did, and may turn it back on', async () => {
    const session = await joined([], { audio: true });
    const mic = session.getSnapshot().local?.getAudioTracks()[0];
    expect(session.getSnapshot().media.audio).toBe(true);
    FakeSocket.last.receive({ type: 'muted', by: ana.user });
    expect(mic?.enabled).toBe(false);
    expect(session.getSnapshot().media.audio).toBe(false);
    expect(FakeSocket.last.sent.at(-1)).toEqual({ type: 'state', state: { audio: false, video: false, screen: null } });
    expect(session.getSnapshot().notice).toMatchObject({ tone: 'info', text: expect.stringContaining('Ana muted your microphone') });

    await session.setMic(true);
    expect(mic?.enabled).toBe(true);
    expect(session.getSnapshot().media.audio).toBe(true);
  });

  it('sends the host’s mute and remove, and tells a refused host action', async () => {
    const session = await joined([ana, bo], { self: { ...me, host: true } });
    expect(session.getSnapshot().self?.host).toBe(true);
    session.mute(bo.peer_id);
    session.remove(bo.peer_id);
    expect(FakeSocket.last.sent.slice(-2)).toEqual([{ type: 'mute', peer_id: bo.peer_id }, { type: 'remove', peer_id: bo.peer_id }]);
    FakeSocket.last.receive({ type: 'error', code: 'forbidden', message: 'Only the host can do that.' });
    expect(session.getSnapshot().notice).toMatchObject({ tone: 'error', text: 'Only the host can do that.' });
    expect(session.getSnapshot().status).toBe('in-meeting');
  });

  it('ends as refused, for good, when the host removes it', async () => {
    const session = await joined([ana]);
    FakeSocket.last.drop(4403, 'removed');
    expect(session.getSnapshot().status).toBe('refused');
    expect(session.getSnapshot().closeCode).toBe(4403);
    expect(FakeSocket.created).toHaveLength(1);
  });
});
