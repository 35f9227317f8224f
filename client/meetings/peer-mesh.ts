import type { IceServer } from '../../lib/contract/meetings';

/** What one participant relays to another: an offer/answer or an ICE candidate. */
export interface SignalPayload {
  description?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: {
    candidate: string;
    sdpMid?: string | null;
    sdpMLineIndex?: number | null;
    usernameFragment?: string | null;
  } | null;
}

/** An ICE connection stuck in 'disconnected' this long gets an ICE restart. */
const ICE_DISCONNECTED_RESTART_MS = 3000;
/** A connection not up this long after it was made (or last retried) is negotiated again. */
const CONNECT_WATCHDOG_MS = 8000;

export type TrackSlot = 'audio' | 'video';

export interface PeerMeshOptions {
  selfId: string;
  iceServers: IceServer[];
  iceTransportPolicy: RTCIceTransportPolicy;
  send(to: string, payload: SignalPayload): void;
  /** A peer's set of incoming streams changed (a track arrived or went away). */
  onStreams(peerId: string, streams: MediaStream[]): void;
  /** Tests pass a fake. */
  createConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

/** The local media every connection sends: the camera/mic stream, its current tracks, and a shared screen. */
export interface LocalTracks {
  /** Null only where the browser has no MediaStream, and then there are no tracks either. */
  stream: MediaStream | null;
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  screen: MediaStream | null;
}

interface Peer {
  id: string;
  pc: RTCPeerConnection;
  /**
   * Of each pair, the participant with the smaller peer id makes the first
   * offer, restarts ICE and rebuilds a connection that never came up. One
   * side acting means no offer collisions when people join, which Chromium
   * does not always survive (a rolled-back offer can leave a connection that
   * never gathers candidates).
   */
  initiator: boolean;
  /** Later renegotiations (a shared screen, a camera turned on) may still collide: the polite side yields. */
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  settingRemoteAnswer: boolean;
  everConnected: boolean;
  /** The answering side adds its tracks once the first offer has made the transceivers. */
  tracksAttached: boolean;
  /** Signals are applied one after the other, in arrival order. */
  queue: Promise<void>;
  transceivers: Partial<Record<TrackSlot, RTCRtpTransceiver>>;
  screenSenders: RTCRtpSender[];
  streams: Map<string, MediaStream>;
  disconnectedTimer: ReturnType<typeof setTimeout> | null;
  watchdog: ReturnType<typeof setInterval> | null;
}

const SLOTS: TrackSlot[] = ['audio', 'video'];

/**
 * A full mesh: one RTCPeerConnection per other participant. The first offer
 * of each pair comes from one side only (see Peer.initiator); renegotiations
 * follow the "perfect negotiation" pattern so either side may offer later.
 */
export class PeerMesh {
  private readonly peers = new Map<string, Peer>();
  private local: LocalTracks;
  private closed = false;
  private readonly onOnline = () => this.restartIce();

  constructor(
    private readonly options: PeerMeshOptions,
    local: LocalTracks,
  ) {
    this.local = local;
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
  }

  /**
   * A participant to connect to. The initiator of the pair connects now; the
   * other side's connection is made when the initiator's offer arrives.
   */
  addPeer(peerId: string): void {
    if (this.closed || peerId === this.options.selfId || this.peers.has(peerId)) return;
    if (this.options.selfId < peerId) this.createPeer(peerId, true);
  }

  private createPeer(peerId: string, initiator: boolean): Peer {
    const config: RTCConfiguration = {
      iceServers: this.options.iceServers.map((s) => ({ urls: s.urls, username: s.username, credential: s.credential })),
      iceTransportPolicy: this.options.iceTransportPolicy,
    };
    const pc = this.options.createConnection ? this.options.createConnection(config) : new RTCPeerConnection(config);
    const peer: Peer = {
      id: peerId,
      pc,
      initiator,
      polite: !initiator,
      makingOffer: false,
      ignoreOffer: false,
      settingRemoteAnswer: false,
      everConnected: false,
      tracksAttached: false,
      queue: Promise.resolve(),
      transceivers: {},
      screenSenders: [],
      streams: new Map(),
      disconnectedTimer: null,
      watchdog: null,
    };
    this.peers.set(peerId, peer);

    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        this.sendDescription(peer);
      } catch (error) {
        console.warn('Could not make an offer', error);
      } finally {
        peer.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      // The end-of-candidates marker carries nothing the other side needs.
      if (candidate) this.options.send(peerId, { candidate: candidate.toJSON() as SignalPayload['candidate'] });
    };
    pc.oniceconnectionstatechange = () => this.watchIce(peer);
    pc.ontrack = (event) => this.addRemoteTrack(peer, event.track, event.streams);

    if (initiator) {
      // Both kinds are always offered, so the other side can send even when we cannot.
      for (const slot of SLOTS) {
        const track = this.local[slot];
        peer.transceivers[slot] = track && this.local.stream
          ? this.transceiverOf(pc, pc.addTrack(track, this.local.stream))
          : pc.addTransceiver(slot, { direction: 'recvonly', streams: this.local.stream ? [this.local.stream] : [] });
      }
      this.attachScreen(peer);
      peer.tracksAttached = true;
      peer.watchdog = setInterval(() => this.unstick(peer), CONNECT_WATCHDOG_MS);
    }
    return peer;
  }

  /** The answering side's tracks, sent on the transceivers the first offer created (no extra negotiation). */
  private attachAnswerTracks(peer: Peer): void {
    const { pc } = peer;
    for (const slot of SLOTS) {
      const track = this.local[slot];
      if (track && this.local.stream) {
        peer.transceivers[slot] = this.transceiverOf(pc, pc.addTrack(track, this.local.stream));
      } else {
        peer.transceivers[slot] = pc.getTransceivers().find((t) => t.receiver.track.kind === slot && !Object.values(peer.transceivers).includes(t));
      }
    }
    this.attachScreen(peer);
    peer.tracksAttached = true;
  }

  private attachScreen(peer: Peer): void {
    const { screen } = this.local;
    if (screen) for (const track of screen.getVideoTracks()) peer.screenSenders.push(peer.pc.addTrack(track, screen));
  }

  private transceiverOf(pc: RTCPeerConnection, sender: RTCRtpSender): RTCRtpTransceiver | undefined {
    return pc.getTransceivers().find((t) => t.sender === sender);
  }

  removePeer(peerId: string): void {
    const peer = this.peers.get(peerId);
    if (!peer) return;
    this.peers.delete(peerId);
    if (peer.disconnectedTimer) clearTimeout(peer.disconnectedTimer);
    if (peer.watchdog) clearInterval(peer.watchdog);
    peer.pc.onnegotiationneeded = null;
    peer.pc.onicecandidate = null;
    peer.pc.oniceconnectionstatechange = null;
    peer.pc.ontrack = null;
    peer.pc.close();
    this.options.onStreams(peerId, []);
  }

  /** Applies an offer, answer or candidate from `from`. */
  handleSignal(from: string, payload: SignalPayload): Promise<void> {
    if (this.closed || from === this.options.selfId) return Promise.resolve();
    let peer = this.peers.get(from);
    if (payload.description?.type === 'offer') {
      // A new offer for a connection that never came up is the initiator starting over with a new one.
      if (peer && !peer.initiator && !peer.everConnected && peer.tracksAttached) {
        this.removePeer(from);
        peer = undefined;
      }
      peer ??= this.createPeer(from, false);
    }
    // Candidates of a connection not made yet, or already replaced, have nothing to join.
    if (!peer) return Promise.resolve();
    const target = peer;
    target.queue = target.queue.then(() => this.applySignal(target, payload)).catch((error: unknown) => {
      console.warn('Could not apply a signal', error);
    });
    return target.queue;
  }

  /** Sends `track` (or nothing) in the audio or video slot of every connection. */
  setTrack(slot: TrackSlot, track: MediaStreamTrack | null, local: LocalTracks): void {
    this.local = local;
    for (const peer of this.peers.values()) {
      if (!peer.tracksAttached) continue;
      const transceiver = peer.transceivers[slot];
      if (transceiver) {
        // replaceTrack needs no renegotiation; a receive-only slot starting to send does (once).
        void transceiver.sender.replaceTrack(track).catch((error: unknown) => console.warn('Could not replace a track', error));
        if (track && local.stream && (transceiver.direction === 'recvonly' || transceiver.direction === 'inactive')) {
          transceiver.sender.setStreams?.(local.stream);
          transceiver.direction = 'sendrecv';
        }
      } else if (track && local.stream) {
        peer.transceivers[slot] = this.transceiverOf(peer.pc, peer.pc.addTrack(track, local.stream));
      }
    }
  }

  /** Starts or stops sending a shared screen, as its own stream so receivers tell it from the camera. */
  setScreen(screen: MediaStream | null, local: LocalTracks): void {
    this.local = local;
    for (const peer of this.peers.values()) {
      if (!peer.tracksAttached) continue;
      for (const sender of peer.screenSenders) {
        try {
          peer.pc.removeTrack(sender);
        } catch (error) {
          console.warn('Could not stop sending the screen', error);
        }
      }
      peer.screenSenders = [];
      this.attachScreen(peer);
    }
  }

  /** Restarts ICE after the network changed; the initiator of each pair does it, so restarts never collide. */
  restartIce(): void {
    for (const peer of this.peers.values()) if (peer.initiator) peer.pc.restartIce();
  }

  close(): void {
    this.closed = true;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    for (const id of [...this.peers.keys()]) this.removePeer(id);
  }

  private async applySignal(peer: Peer, { description, candidate }: SignalPayload): Promise<void> {
    const { pc } = peer;
    if (description) {
      const readyForOffer = !peer.makingOffer && (pc.signalingState === 'stable' || peer.settingRemoteAnswer);
      const collision = description.type === 'offer' && !readyForOffer;
      peer.ignoreOffer = !peer.polite && collision;
      if (peer.ignoreOffer) return;
      peer.settingRemoteAnswer = description.type === 'answer';
      try {
        await pc.setRemoteDescription(description);
      } finally {
        peer.settingRemoteAnswer = false;
      }
      if (description.type === 'offer') {
        if (!peer.tracksAttached) this.attachAnswerTracks(peer);
        await pc.setLocalDescription();
        this.sendDescription(peer);
      }
    } else if (candidate) {
      try {
        await pc.addIceCandidate(candidate);
      } catch (error) {
        // Candidates of an offer we ignored are expected to fail.
        if (!peer.ignoreOffer) throw error;
      }
    }
  }

  private sendDescription(peer: Peer): void {
    const description = peer.pc.localDescription;
    if (!description || (description.type !== 'offer' && description.type !== 'answer')) return;
    this.options.send(peer.id, { description: { type: description.type, sdp: description.sdp } });
  }

  /**
   * The initiator's watchdog: a connection that has not come up (a lost offer
   * or answer, or a connection that never gathers candidates) is replaced by
   * a new one, until it connects. The other side replaces its own when the
   * new offer arrives (see handleSignal).
   */
  private unstick(peer: Peer): void {
    if (this.peers.get(peer.id) !== peer) return;
    if (peer.everConnected) {
      if (peer.watchdog) clearInterval(peer.watchdog);
      peer.watchdog = null;
      return;
    }
    // The old connection's tracks never carried anything and end with it: nothing of it is kept.
    this.removePeer(peer.id);
    this.createPeer(peer.id, true);
  }

  private watchIce(peer: Peer): void {
    const state = peer.pc.iceConnectionState;
    if (state === 'connected' || state === 'completed') peer.everConnected = true;
    if (peer.disconnectedTimer) {
      clearTimeout(peer.disconnectedTimer);
      peer.disconnectedTimer = null;
    }
    // The initiator restarts ICE for the pair; both sides restarting would collide.
    if (!peer.initiator) return;
    if (state === 'failed') {
      peer.pc.restartIce();
    } else if (state === 'disconnected') {
      // 'disconnected' often heals by itself within a second or two; restart only if it lasts.
      peer.disconnectedTimer = setTimeout(() => {
        peer.disconnectedTimer = null;
        if (this.peers.get(peer.id) === peer && peer.pc.iceConnectionState === 'disconnected') peer.pc.restartIce();
      }, ICE_DISCONNECTED_RESTART_MS);
    }
  }

  private addRemoteTrack(peer: Peer, track: MediaStreamTrack, streams: readonly MediaStream[]): void {
    const stream = streams[0] ?? new MediaStream([track]);
    if (!peer.streams.has(stream.id)) {
      peer.streams.set(stream.id, stream);
      // A stream whose last track is gone (a stopped screen share) leaves the peer's list.
      stream.addEventListener('removetrack', () => {
        if (stream.getTracks().length === 0) peer.streams.delete(stream.id);
        this.emitStreams(peer);
      });
      stream.addEventListener('addtrack', () => this.emitStreams(peer));
    }
    track.addEventListener('ended', () => this.emitStreams(peer));
    track.addEventListener('unmute', () => this.emitStreams(peer));
    this.emitStreams(peer);
  }

  private emitStreams(peer: Peer): void {
    if (this.peers.get(peer.id) !== peer) return;
    this.options.onStreams(peer.id, [...peer.streams.values()]);
  }
}
