import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Participant } from '@/lib/contract/meetings';
import { setAuthToken } from '@/client/http/clients';
import { MeetingSession } from '@/client/meetings/meeting-session';
import { createFakeSocket, FakeSocket } from './fake-socket';
import { meeting } from './fixtures';

const SELF = '55555555-5555-4555-8555-555555555555';
const ana: Participant = { peer_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', user: { id: 'u2', name: 'Ana' }, state: { audio: true, video: true, screen: null } };
const bo: Participant = { peer_id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', user: { id: 'u3', name: 'Bo' }, state: { audio: false, video: true, screen: null } };

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

async function joined(participants: Participant[] = [ana]) {
  const session = new MeetingSession('abc-defg-hij', { audio: false, video: false }, {
    createSocket: createFakeSocket,
    createConnection: (config) => new FakePeerConnection(config) as unknown as RTCPeerConnection,
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
  });
  return session;
}

beforeEach(() => {
  FakeSocket.reset();
  FakePeerConnection.created = [];
  setAuthToken('tok-1');
});
afterEach(() => setAuthToken(null));

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
      FakeSocket.last.receive({ type: 'welcome', peer_id: '66666666-6666-4666-8666-666666666666', meeting, ice_servers: [], ice_transport_policy: 'all', participants: [ana] });
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
