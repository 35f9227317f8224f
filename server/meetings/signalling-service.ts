import { randomUUID } from 'node:crypto';
import type { ChatMessage, ClientMessage, MediaState, MeetingReaction, Participant, ServerMessage } from '../../lib/contract/meetings';
import type { BusEvent, MeetingBus } from './meeting-bus';

type SignalPayload = Pick<Extract<ClientMessage, { type: 'signal' }>, 'description' | 'candidate'>;

/** A participant connected to this node: the service talks to it through `send`. */
export interface LocalPeer {
  participant: Participant;
  send(message: ServerMessage): void;
  /** The host removed this person: their connection ends for good. */
  kick(): void;
}

interface RemotePeer {
  participant: Participant;
  node: string;
}

interface Room {
  local: Map<string, LocalPeer>;
  remote: Map<string, RemotePeer>;
  /** When each other node serving this meeting was last heard from. */
  nodesSeen: Map<string, number>;
  /** Users the host removed: kept out until the meeting empties on this node. */
  removed: Set<string>;
  ready: Promise<void>;
  unsubscribe?: () => Promise<void>;
}

export interface SignallingServiceOptions {
  bus: MeetingBus;
  maxParticipants: number;
  /** How often this node repeats who it serves; a node silent for three of these is taken as gone. */
  presenceIntervalMs: number;
}

export type JoinResult = { ok: true; participants: Participant[] } | { ok: false; reason: 'full' | 'removed' };

/** What a host-only request came to: `forbidden` when the sender is not the host. */
export type HostActionResult = 'done' | 'ignored' | 'forbidden';

/**
 * The meetings this node serves: who is in each one (here and on other
 * nodes) and the relay of offers, answers and candidates between them.
 * Everything goes through the bus, so participants on different nodes meet
 * exactly like participants on one.
 */
export function createSignallingService(opts: SignallingServiceOptions) {
  const node = randomUUID();
  let lastHandAt = 0;
  /** Hands raised within one millisecond still get distinct times, so their order is never a tie. */
  const nextHandTime = (): string => {
    lastHandAt = Math.max(Date.now(), lastHandAt + 1);
    return new Date(lastHandAt).toISOString();
  };
  const rooms = new Map<string, Room>();
  const { bus } = opts;
  const goneAfterMs = opts.presenceIntervalMs * 3;

  const broadcast = (room: Room, message: ServerMessage, except?: string) => {
    for (const [peerId, peer] of room.local) if (peerId !== except) peer.send(message);
  };

  const addRemote = (room: Room, participant: Participant, from: string) => {
    if (room.local.has(participant.peer_id) || room.remote.has(participant.peer_id)) return;
    room.remote.set(participant.peer_id, { participant, node: from });
    broadcast(room, { type: 'peer-joined', participant });
  };

  const removePeer = (room: Room, peerId: string) => {
    if (!room.remote.delete(peerId)) return;
    broadcast(room, { type: 'peer-left', peer_id: peerId }, peerId);
  };

  // Their sockets close, and the leave that follows takes them out of everyone's grid.
  const keepOut = (room: Room, userId: string) => {
    room.removed.add(userId);
    for (const peer of room.local.values()) if (peer.participant.user.id === userId) peer.kick();
  };

  const findParticipant = (room: Room, peerId: string) => (room.local.get(peerId) ?? room.remote.get(peerId))?.participant;

  function onEvent(meetingId: string, room: Room, event: BusEvent) {
    if ('node' in event && event.node !== node) room.nodesSeen.set(event.node, Date.now());
    switch (event.kind) {
      case 'joined':
        if (event.node === node) broadcast(room, { type: 'peer-joined', participant: event.participant }, event.participant.peer_id);
        else addRemote(room, event.participant, event.node);
        return;
      case 'left':
        if (event.node === node) broadcast(room, { type: 'peer-left', peer_id: event.peerId }, event.peerId);
        else removePeer(room, event.peerId);
        return;
      case 'state': {
        const remote = room.remote.get(event.peerId);
        if (remote) remote.participant = { ...remote.participant, state: event.state };
        broadcast(room, { type: 'peer-state', peer_id: event.peerId, state: event.state }, event.peerId);
        return;
      }
      case 'hand': {
        const remote = room.remote.get(event.peerId);
        if (remote) remote.participant = { ...remote.participant, hand_raised_at: event.handRaisedAt };
        // The raiser hears it too: the server's time orders the hands.
        broadcast(room, { type: 'peer-hand', peer_id: event.peerId, hand_raised_at: event.handRaisedAt });
        return;
      }
      case 'chat':
        broadcast(room, { type: 'chat', message: event.message });
        return;
      case 'reaction':
        broadcast(room, { type: 'reaction', peer_id: event.peerId, emoji: event.emoji });
        return;
      case 'mute':
        room.local.get(event.to)?.send({ type: 'muted', by: event.by });
        return;
      case 'remove':
        keepOut(room, event.userId);
        return;
      case 'signal':
        room.local.get(event.to)?.send({ type: 'signal', from: event.from, description: event.description, candidate: event.candidate });
        return;
      case 'roll-call':
        if (event.node !== node && room.local.size > 0) void announce(meetingId, room);
        return;
      case 'present': {
        if (event.node === node) return;
        // A node that started serving the meeting after a removal learns of it here.
        for (const userId of event.removed) if (!room.removed.has(userId)) keepOut(room, userId);
        // The node's list is authoritative for its own participants: a missed leave heals here.
        const listed = new Set(event.participants.map((p) => p.peer_id));
        for (const [peerId, remote] of room.remote) if (remote.node === event.node && !listed.has(peerId)) removePeer(room, peerId);
        for (const participant of event.participants) addRemote(room, participant, event.node);
      }
    }
  }

  const announce = (meetingId: string, room: Room) =>
    bus.publish(meetingId, {
      kind: 'present', node, participants: [...room.local.values()].map((p) => p.participant), removed: [...room.removed],
    }).catch(() => undefined);

  function roomFor(meetingId: string): Room {
    let room = rooms.get(meetingId);
    if (room) return room;
    const created: Room = { local: new Map(), remote: new Map(), nodesSeen: new Map(), removed: new Set(), ready: Promise.resolve() };
    created.ready = (async () => {
      created.unsubscribe = await bus.subscribe(meetingId, (event) => onEvent(meetingId, created, event));
      await bus.publish(meetingId, { kind: 'roll-call', node });
    })();
    rooms.set(meetingId, created);
    room = created;
    return room;
  }

  // Repeats presence and drops participants of nodes that went quiet (a crashed node says no goodbyes).
  const presence = setInterval(() => {
    const now = Date.now();
    for (const [meetingId, room] of rooms) {
      if (room.local.size > 0) void announce(meetingId, room);
      for (const [otherNode, seen] of room.nodesSeen) {
        if (now - seen < goneAfterMs) continue;
        room.nodesSeen.delete(otherNode);
        for (const [peerId, remote] of room.remote) if (remote.node === otherNode) removePeer(room, peerId);
      }
    }
  }, opts.presenceIntervalMs);
  presence.unref();

  /** The sender's standing for a host-only request about `target`, and the target when it may go ahead. */
  function hostRequest(meetingId: string, from: string, target: string) {
    const room = rooms.get(meetingId);
    const sender = room?.local.get(from)?.participant;
    if (!room || !sender) return { result: 'ignored' as const };
    if (!sender.host) return { result: 'forbidden' as const };
    const participant = findParticipant(room, target);
    // Someone of another meeting, or gone already: nothing to do.
    if (!participant || target === from) return { result: 'ignored' as const };
    return { result: 'done' as const, sender, participant };
  }

  return {
    node,
    presenceIntervalMs: opts.presenceIntervalMs,
    /** A node silent this long is taken as gone (its participants and its attendance rows). */
    goneAfterMs,

    /** Whether any participant is connected to this node now. */
    serving: () => rooms.size > 0,

    /** How many participants are connected to this node now, in every meeting (for metrics). */
    localParticipants: () => [...rooms.values()].reduce((sum, room) => sum + room.local.size, 0),

    /** Adds a participant; the answer lists everyone already there (more may follow as peer-joined). */
    async join(meetingId: string, peer: LocalPeer): Promise<JoinResult> {
      for (;;) {
        const room = roomFor(meetingId);
        await room.ready;
        // The room may have emptied and closed while this join waited for it.
        if (rooms.get(meetingId) !== room) continue;
        if (room.removed.has(peer.participant.user.id)) return { ok: false, reason: 'removed' };
        if (room.local.size + room.remote.size >= opts.maxParticipants) return { ok: false, reason: 'full' };
        const participants = [...room.local.values(), ...room.remote.values()].map((p) => p.participant);
        room.local.set(peer.participant.peer_id, peer);
        await bus.publish(meetingId, { kind: 'joined', node, participant: peer.participant });
        return { ok: true, participants };
      }
    },

    async leave(meetingId: string, peerId: string): Promise<void> {
      const room = rooms.get(meetingId);
      if (!room?.local.delete(peerId)) return;
      await bus.publish(meetingId, { kind: 'left', node, peerId }).catch(() => undefined);
      if (room.local.size === 0) {
        rooms.delete(meetingId);
        await room.ready.catch(() => undefined);
        await room.unsubscribe?.().catch(() => undefined);
      }
    },

    async setState(meetingId: string, peerId: string, state: MediaState): Promise<void> {
      const peer = rooms.get(meetingId)?.local.get(peerId);
      if (!peer) return;
      peer.participant = { ...peer.participant, state };
      await bus.publish(meetingId, { kind: 'state', node, peerId, state });
    },

    /** Raises or lowers a hand; raising one already up keeps its place in the order. */
    async setHand(meetingId: string, peerId: string, raised: boolean): Promise<void> {
      const peer = rooms.get(meetingId)?.local.get(peerId);
      if (!peer) return;
      const handRaisedAt = raised ? (peer.participant.hand_raised_at ?? nextHandTime()) : null;
      if (handRaisedAt === peer.participant.hand_raised_at) return;
      peer.participant = { ...peer.participant, hand_raised_at: handRaisedAt };
      await bus.publish(meetingId, { kind: 'hand', node, peerId, handRaisedAt });
    },

    /** Hands a stored chat message to everyone in the meeting, on every node. */
    async chat(meetingId: string, message: ChatMessage): Promise<void> {
      if (!rooms.has(meetingId)) return;
      await bus.publish(meetingId, { kind: 'chat', message });
    },

    async react(meetingId: string, peerId: string, emoji: MeetingReaction): Promise<void> {
      if (!rooms.get(meetingId)?.local.has(peerId)) return;
      await bus.publish(meetingId, { kind: 'reaction', peerId, emoji });
    },

    /** Host only: turns another participant's microphone off, wherever they are connected. */
    async mute(meetingId: string, from: string, target: string): Promise<HostActionResult> {
      const request = hostRequest(meetingId, from, target);
      if (request.result !== 'done') return request.result;
      await bus.publish(meetingId, { kind: 'mute', to: target, by: request.sender.user });
      return 'done';
    },

    /** Host only: sends a person out of the meeting (every tab of theirs) and keeps them out while it runs. */
    async remove(meetingId: string, from: string, target: string): Promise<HostActionResult> {
      const request = hostRequest(meetingId, from, target);
      if (request.result !== 'done') return request.result;
      // The host cannot shut themselves out from another tab.
      if (request.participant.user.id === request.sender.user.id) return 'ignored';
      await bus.publish(meetingId, { kind: 'remove', userId: request.participant.user.id });
      return 'done';
    },

    /** Relays to one participant of the same meeting; anything addressed elsewhere is dropped. */
    async relay(meetingId: string, from: string, to: string, payload: SignalPayload): Promise<void> {
      const room = rooms.get(meetingId);
      if (!room || from === to || !(room.local.has(to) || room.remote.has(to))) return;
      await bus.publish(meetingId, { kind: 'signal', from, to, ...payload });
    },

    async close(): Promise<void> {
      clearInterval(presence);
      for (const room of rooms.values()) await room.unsubscribe?.().catch(() => undefined);
      rooms.clear();
      await bus.close();
    },
  };
}

export type SignallingService = ReturnType<typeof createSignallingService>;
