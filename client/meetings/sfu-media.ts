import type { ClientMessage, IceServer, ServerMessage, SfuConnection, SfuStream } from '../../lib/contract/meetings';
import type { LocalTracks, PeerMesh, TrackSlot } from './peer-mesh';

/** What a meeting session asks of the media, whether a mesh or an SFU carries it. */
export type MeetingMedia = Pick<PeerMesh, 'addPeer' | 'removePeer' | 'handleSignal' | 'setTrack' | 'setScreen' | 'restartIce' | 'close'>;

/** Which simulcast picture to receive from someone: the full one for a large tile, the smallest for a thumbnail. */
export type SfuLayer = 'high' | 'low';

const SUBSTREAM: Record<SfuLayer, number> = { high: 2, low: 0 };

/** An ICE connection stuck in 'disconnected' this long gets an ICE restart (as in the mesh). */
const ICE_DISCONNECTED_RESTART_MS = 3000;

/**
 * The camera is sent three times (simulcast), full size, half and quarter,
 * highest first as Janus expects, so the SFU forwards to each receiver the
 * one its tile needs without re-encoding.
 */
const CAMERA_ENCODINGS: RTCRtpEncodingParameters[] = [
  { rid: 'h', maxBitrate: 900_000 },
  { rid: 'm', maxBitrate: 300_000, scaleResolutionDownBy: 2 },
  { rid: 'l', maxBitrate: 100_000, scaleResolutionDownBy: 4 },
];

export interface SfuMediaOptions {
  iceServers: IceServer[];
  iceTransportPolicy: RTCIceTransportPolicy;
  send(message: ClientMessage): void;
  /** A participant's set of incoming streams changed (camera with microphone, and a screen while they share). */
  onStreams(peerId: string, streams: MediaStream[]): void;
  /** Tests pass a fake. */
  createConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

/**
 * Names each offered track's MediaStream after the sender's (the SFU's
 * offer does not carry it): a browser then groups a person's camera and
 * microphone in one stream whose id is the sender's, and their screen in
 * another whose id is the one their media state announces.
 */
export function labelSfuOffer(sdp: string, streams: SfuStream[]): string {
  const byMid = new Map(streams.map((stream) => [stream.mid, stream]));
  const [head, ...sections] = sdp.split(/\r\n(?=m=)/);
  return [head, ...sections.map((section) => {
    const mid = /^a=mid:(\S+)$/m.exec(section)?.[1];
    const stream = mid === undefined ? undefined : byMid.get(mid);
    if (!stream) return section;
    const lines = section.split('\r\n').filter((line) => !/^a=msid:/.test(line) && !/^a=ssrc:\d+ (msid|mslabel|label):/.test(line));
    const at = lines.findIndex((line) => line.startsWith('a=mid:'));
    lines.splice(at + 1, 0, `a=msid:${stream.stream_id} ${stream.kind}-${stream.mid}`);
    return lines.join('\r\n');
  })].join('\r\n');
}

/**
 * A meeting's media through the SFU (Janus): one connection sends one's own
 * camera (simulcast), microphone and screen, another receives everyone
 * else's tracks. Offers and answers go through the signalling socket; the
 * API relays them to Janus. Offers the same surface as PeerMesh, so the
 * meeting session works with either.
 */
export class SfuMedia implements MeetingMedia {
  private readonly publisher: RTCPeerConnection;
  private subscriber: RTCPeerConnection | null = null;
  private readonly transceivers: Partial<Record<TrackSlot, RTCRtpTransceiver>> = {};
  private screenTransceivers: RTCRtpTransceiver[] = [];
  private local: LocalTracks;
  /** An offer is waiting for its answer; another change offers again once it arrives. */
  private offering = false;
  private offerAgain = false;
  private streams: SfuStream[] = [];
  private readonly remote = new Map<string, MediaStream>();
  private readonly emitted = new Map<string, MediaStream[]>();
  private readonly layers = new Map<string, number>();
  /** Offers from the SFU are applied one after the other. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly options: SfuMediaOptions,
    local: LocalTracks,
  ) {
    this.local = local;
    this.publisher = this.connection('publisher');
    const { stream } = local;
    const streams = stream ? [stream] : [];
    // Both kinds are always offered, so turning the camera or microphone on later needs no new offer.
    this.transceivers.audio = this.publisher.addTransceiver(local.audio ?? 'audio', { direction: 'sendonly', streams });
    this.transceivers.video = this.publisher.addTransceiver(local.video ?? 'video', { direction: 'sendonly', streams, sendEncodings: CAMERA_ENCODINGS });
    this.addScreen(local.screen);
    this.publisher.onnegotiationneeded = () => void this.offer();
  }

  /** With an SFU everyone's media arrives on one connection: nothing to do per participant. */
  addPeer(): void {}

  removePeer(peerId: string): void {
    this.emitted.delete(peerId);
    this.layers.delete(peerId);
    this.options.onStreams(peerId, []);
  }

  /** Mesh signals do not occur in an SFU meeting. */
  handleSignal(): Promise<void> {
    return Promise.resolve();
  }

  /** The SFU's answer to our offer, or its offer of everyone else's media. */
  handleSfu(message: Extract<ServerMessage, { type: 'sfu-answer' | 'sfu-offer' }>): Promise<void> {
    if (this.closed) return Promise.resolve();
    const apply = message.type === 'sfu-answer' ? () => this.applyAnswer(message.description) : () => this.applyOffer(message);
    this.queue = this.queue.then(apply).catch((error: unknown) => console.warn('Could not apply the SFU’s description', error));
    return this.queue;
  }

  /**
   * Which simulcast layer to receive for a participant's camera: 'high' for
   * the active speaker or a pinned tile, 'low' for thumbnails. Repeating the
   * current choice sends nothing.
   */
  preferLayer(peerId: string, layer: SfuLayer): void {
    const substream = SUBSTREAM[layer];
    if (this.closed || this.layers.get(peerId) === substream) return;
    this.layers.set(peerId, substream);
    this.options.send({ type: 'sfu-layer', peer_id: peerId, substream });
  }

  setTrack(slot: TrackSlot, track: MediaStreamTrack | null, local: LocalTracks): void {
    this.local = local;
    void this.transceivers[slot]?.sender.replaceTrack(track).catch((error: unknown) => console.warn('Could not replace a track', error));
  }

  setScreen(screen: MediaStream | null, local: LocalTracks): void {
    this.local = local;
    // A stopped transceiver's section is rejected in the next offer, so the SFU drops that stream for everyone.
    for (const transceiver of this.screenTransceivers) transceiver.stop();
    this.screenTransceivers = [];
    this.addScreen(screen);
  }

  /** After a network change: fresh ICE credentials for both connections (the SFU makes the receiving one's offer). */
  restartIce(): void {
    this.restart('publisher');
    this.restart('subscriber');
  }

  private restart(name: SfuConnection): void {
    if (this.closed) return;
    if (name === 'publisher') this.publisher.restartIce();
    else if (this.subscriber) this.options.send({ type: 'sfu-restart' });
  }

  close(): void {
    this.closed = true;
    for (const pc of [this.publisher, this.subscriber]) {
      if (!pc) continue;
      pc.onnegotiationneeded = null;
      pc.onicecandidate = null;
      pc.oniceconnectionstatechange = null;
      pc.ontrack = null;
      pc.close();
    }
    for (const peerId of this.emitted.keys()) this.options.onStreams(peerId, []);
    this.emitted.clear();
  }

  private connection(name: SfuConnection): RTCPeerConnection {
    const config: RTCConfiguration = {
      iceServers: this.options.iceServers.map((s) => ({ urls: s.urls, username: s.username, credential: s.credential })),
      iceTransportPolicy: this.options.iceTransportPolicy,
    };
    const pc = this.options.createConnection ? this.options.createConnection(config) : new RTCPeerConnection(config);
    pc.onicecandidate = ({ candidate }) => {
      if (this.closed) return;
      this.options.send({ type: 'sfu-candidate', connection: name, candidate: candidate ? (candidate.toJSON() as SfuCandidate) : null });
    };
    let disconnected: ReturnType<typeof setTimeout> | undefined;
    pc.oniceconnectionstatechange = () => {
      clearTimeout(disconnected);
      if (pc.iceConnectionState === 'failed') this.restart(name);
      // 'disconnected' often heals by itself within a second or two; restart only if it lasts.
      if (pc.iceConnectionState === 'disconnected') {
        disconnected = setTimeout(() => pc.iceConnectionState === 'disconnected' && this.restart(name), ICE_DISCONNECTED_RESTART_MS);
      }
    };
    return pc;
  }

  private addScreen(screen: MediaStream | null): void {
    for (const track of screen?.getVideoTracks() ?? []) {
      this.screenTransceivers.push(this.publisher.addTransceiver(track, { direction: 'sendonly', streams: [screen!] }));
    }
  }

  private async offer(): Promise<void> {
    if (this.closed) return;
    if (this.offering) {
      this.offerAgain = true;
      return;
    }
    this.offering = true;
    try {
      await this.publisher.setLocalDescription();
      const description = this.publisher.localDescription;
      if (description?.type === 'offer') this.options.send({ type: 'sfu-publish', description: { type: 'offer', sdp: description.sdp } });
    } catch (error) {
      this.offering = false;
      console.warn('Could not make an offer for the SFU', error);
    }
  }

  private async applyAnswer(description: { type: 'offer' | 'answer'; sdp: string }): Promise<void> {
    if (description.type !== 'answer' || this.publisher.signalingState !== 'have-local-offer') return;
    await this.publisher.setRemoteDescription(description);
    this.offering = false;
    if (this.offerAgain) {
      this.offerAgain = false;
      await this.offer();
    }
  }

  private async applyOffer(message: Extract<ServerMessage, { type: 'sfu-offer' }>): Promise<void> {
    if (!this.subscriber) {
      this.subscriber = this.connection('subscriber');
      this.subscriber.ontrack = ({ streams }) => {
        for (const stream of streams) this.remote.set(stream.id, stream);
      };
    }
    const pc = this.subscriber;
    await pc.setRemoteDescription({ type: 'offer', sdp: labelSfuOffer(message.description.sdp, message.streams) });
    await pc.setLocalDescription();
    const answer = pc.localDescription;
    if (answer?.type === 'answer') this.options.send({ type: 'sfu-subscribe-answer', description: { type: 'answer', sdp: answer.sdp } });
    this.streams = message.streams;
    this.emitStreams();
  }

  /** Tells the session, per participant, the streams the SFU now sends (and that a participant no longer sends any). */
  private emitStreams(): void {
    const byPeer = new Map<string, MediaStream[]>();
    for (const entry of this.streams) {
      const stream = this.remote.get(entry.stream_id);
      if (!stream) continue;
      const list = byPeer.get(entry.peer_id) ?? [];
      if (!list.includes(stream)) list.push(stream);
      byPeer.set(entry.peer_id, list);
    }
    for (const peerId of this.emitted.keys()) if (!byPeer.has(peerId)) this.options.onStreams(peerId, []);
    const before = new Set(this.emitted.keys());
    this.emitted.clear();
    for (const [peerId, streams] of byPeer) {
      this.emitted.set(peerId, streams);
      this.options.onStreams(peerId, streams);
      // A layer chosen before this person's media arrived may have reached the SFU before their streams did.
      const substream = this.layers.get(peerId);
      if (!before.has(peerId) && substream !== undefined) this.options.send({ type: 'sfu-layer', peer_id: peerId, substream });
    }
  }
}

type SfuCandidate = Extract<ClientMessage, { type: 'sfu-candidate' }>['candidate'];
