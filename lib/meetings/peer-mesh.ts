import type { IceServer } from '../contract/meetings';

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
export const ICE_DISCONNECTED_RESTART_MS = 3000;
/** A connection not up this long after it was made (or last retried) is negotiated again. */
export const CONNECT_WATCHDOG_MS = 8000;

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
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  settingRemoteAnswer: boolean;
  /** Signals are applied one after the other, in arrival order. */
  queue: Promise<void>;
  senders: Partial<Record<TrackSlot, RTCRtpSender>>;
  screenSenders: RTCRtpSender[];
  streams: Map<string, MediaStream>;
  disconnectedTimer: ReturnType<typeof setTimeout> | null;
  watchdog: ReturnType<typeof setInterval> | null;
}

/**
 * A full mesh: one RTCPeerConnection per other participant, negotiated with
 * the "perfect negotiation" pattern so either side may (re)offer at any time
 * (the polite side, the one with the larger peer id, yields on a collision).
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

  has(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  /** Connects to a participant (idempotent), sending our current tracks. */
  addPeer(peerId: string): void {
    if (this.closed || peerId === this.options.selfId || this.peers.has(peerId)) return;
    const config: RTCConfiguration = {
      iceServers: this.options.iceServers.map((s) => ({ urls: s.urls, username: s.username, credential: s.credential })),
      iceTransportPolicy: this.options.iceTransportPolicy,
    };
    const pc = this.options.createConnection ? this.options.createConnection(config) : new RTCPeerConnection(config);
    const peer: Peer = {
      id: peerId,
      pc,
      polite: this.options.selfId > peerId,
      makingOffer: false,
      ignoreOffer: false,
      settingRemoteAnswer: false,
      queue: Promise.resolve(),
      senders: {},
      screenSenders: [],
      streams: new Map(),
      disconnectedTimer: null,
      watchdog: null,
    };
    this.peers.set(peerId, peer);
    peer.watchdog = setInterval(() => void this.unstick(peer), CONNECT_WATCHDOG_MS);

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

    const { stream, audio, video, screen } = this.local;
    if (stream && audio) peer.senders.audio = pc.addTrack(audio, stream);
    if (stream && video) peer.senders.video = pc.addTrack(video, stream);
    if (screen) for (const track of screen.getVideoTracks()) peer.screenSenders.push(pc.addTrack(track, screen));
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

  /** Applies an offer, answer or candidate from `from`, connecting to it first if it is new to us. */
  handleSignal(from: string, payload: SignalPayload): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!this.peers.has(from)) this.addPeer(from);
    const peer = this.peers.get(from);
    if (!peer) return Promise.resolve();
    peer.queue = peer.queue.then(() => this.applySignal(peer, payload)).catch((error: unknown) => {
      console.warn('Could not apply a signal', error);
    });
    return peer.queue;
  }

  /** Sends `track` (or nothing) in the audio or video slot of every connection. */
  setTrack(slot: TrackSlot, track: MediaStreamTrack | null, local: LocalTracks): void {
    this.local = local;
    for (const peer of this.peers.values()) {
      const sender = peer.senders[slot];
      if (sender) {
        // replaceTrack needs no renegotiation: the other side keeps its receiver.
        void sender.replaceTrack(track).catch((error: unknown) => console.warn('Could not replace a track', error));
      } else if (track && local.stream) {
        peer.senders[slot] = peer.pc.addTrack(track, local.stream);
      }
    }
  }

  /** Starts or stops sending a shared screen, as its own stream so receivers tell it from the camera. */
  setScreen(screen: MediaStream | null, local: LocalTracks): void {
    this.local = local;
    for (const peer of this.peers.values()) {
      for (const sender of peer.screenSenders) {
        try {
          peer.pc.removeTrack(sender);
        } catch (error) {
          console.warn('Could not stop sending the screen', error);
        }
      }
      peer.screenSenders = [];
      if (screen) for (const track of screen.getVideoTracks()) peer.screenSenders.push(peer.pc.addTrack(track, screen));
    }
  }

  /** Restarts ICE everywhere, after the network changed. */
  restartIce(): void {
    for (const peer of this.peers.values()) peer.pc.restartIce();
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
   * A lost offer or answer (a signalling reconnect at the wrong moment) leaves
   * a connection waiting forever: withdraw an unanswered offer and negotiate
   * again with fresh ICE, until it connects.
   */
  private async unstick(peer: Peer): Promise<void> {
    const { pc } = peer;
    if (this.peers.get(peer.id) !== peer) return;
    if (pc.iceConnectionState === 'connected' || pc.iceConnectionState === 'completed') {
      if (peer.watchdog) clearInterval(peer.watchdog);
      peer.watchdog = null;
      return;
    }
    // Two people who both send nothing have nothing to connect.
    if (pc.getTransceivers().length === 0) return;
    try {
      if (pc.signalingState === 'have-local-offer') await pc.setLocalDescription({ type: 'rollback' });
      pc.restartIce();
    } catch (error) {
      console.warn('Could not renegotiate a stuck connection', error);
    }
  }

  private watchIce(peer: Peer): void {
    const state = peer.pc.iceConnectionState;
    if (peer.disconnectedTimer) {
      clearTimeout(peer.disconnectedTimer);
      peer.disconnectedTimer = null;
    }
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
