import type { MediaState, Meeting, Participant, ServerMessage } from '../../lib/contract/meetings';
import { currentAuthToken } from '../http/clients';
import { MediaError, openCamera, openCameraAndMic, openMic, openScreen, stopStream, type MediaProblem } from './local-media';
import { PeerMesh, type LocalTracks, type PeerMeshOptions } from './peer-mesh';
import { SignallingClient, type SignallingOptions, type SignallingStatus } from './signalling-client';
import { SpeakingDetector } from './speaking-detector';

export type MeetingStatus =
  | 'connecting'
  | 'in-meeting'
  | 'reconnecting'
  /** The person left (button, sign-out, leaving the page). */
  | 'left'
  /** The server refused or ended the session for good (close code in `closeCode`). */
  | 'refused';

/** The key of the speaking map for one's own microphone. */
export const SELF_KEY = 'self';

export interface MeetingSnapshot {
  status: MeetingStatus;
  closeCode: number | null;
  /** The last error the server explained before closing. */
  error: string | null;
  selfPeerId: string | null;
  meeting: Meeting | null;
  /** Everyone else, in the order they joined. */
  participants: Participant[];
  /** Incoming streams per peer id (camera, and a screen while they share). */
  streams: Record<string, MediaStream[]>;
  /** One's own camera/microphone stream (tracks come and go as the camera is turned off and on). */
  local: MediaStream | null;
  screen: MediaStream | null;
  media: MediaState;
  /** What stopped one's own media at the start, if anything. */
  mediaProblem: MediaProblem | null;
  speaking: Record<string, boolean>;
}

export interface JoinSettings {
  audio: boolean;
  video: boolean;
  cameraId?: string | null;
  micId?: string | null;
  /** The lobby's preview, reused so the camera is not opened twice. */
  stream?: MediaStream | null;
}

export interface SessionDeps {
  createSocket?: SignallingOptions['createSocket'];
  createConnection?: PeerMeshOptions['createConnection'];
  openMedia?: typeof openCameraAndMic;
}

/** Where every session starts: connecting, alone, sending nothing yet. */
export const startingSnapshot = (local: MediaStream | null): MeetingSnapshot => ({
  status: 'connecting',
  closeCode: null,
  error: null,
  selfPeerId: null,
  meeting: null,
  participants: [],
  streams: {},
  local,
  screen: null,
  media: { audio: false, video: false, screen: null },
  mediaProblem: null,
  speaking: {},
});

/**
 * One visit to a meeting: local media, the signalling link and the peer
 * mesh, exposed as an immutable snapshot for React (useSyncExternalStore).
 */
export class MeetingSession {
  private snapshot: MeetingSnapshot;
  private readonly listeners = new Set<() => void>();
  private signalling: SignallingClient | null = null;
  private mesh: PeerMesh | null = null;
  private readonly localStream: MediaStream | null;
  private readonly speakingDetector: SpeakingDetector;
  private settings: JoinSettings;
  private ended = false;

  constructor(
    private readonly code: string,
    settings: JoinSettings,
    private readonly deps: SessionDeps = {},
  ) {
    this.settings = settings;
    this.localStream = typeof MediaStream === 'undefined' ? null : new MediaStream();
    this.speakingDetector = new SpeakingDetector((speaking) => this.update({ speaking }));
    this.snapshot = startingSnapshot(this.localStream);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** Opens the camera/microphone (unless the lobby handed them over), then joins. */
  async start(): Promise<void> {
    const { audio, video } = this.settings;
    let source = this.settings.stream ?? null;
    let problem: MediaProblem | null = null;
    if (!source && (audio || video)) {
      try {
        source = await (this.deps.openMedia ?? openCameraAndMic)(this.settings);
      } catch (error) {
        problem = error instanceof MediaError ? error.problem : 'failed';
      }
    }
    if (this.ended) {
      stopStream(source);
      return;
    }
    for (const track of source?.getTracks() ?? []) {
      // Joining with the camera off releases it (its light goes out); muted keeps the mic, disabled.
      if (track.kind === 'video' && !video) {
        track.stop();
        continue;
      }
      if (track.kind === 'audio') track.enabled = audio;
      this.localStream?.addTrack(track);
    }
    this.update({
      mediaProblem: problem,
      media: { audio: audio && this.track('audio') !== null, video: video && this.track('video') !== null, screen: null },
    });
    this.speakingDetector.watch(SELF_KEY, this.localStream);
    this.signalling = new SignallingClient({
      code: this.code,
      token: currentAuthToken,
      state: () => this.snapshot.media,
      onMessage: (message) => this.onMessage(message),
      onStatus: (status, close) => this.onStatus(status, close?.code ?? null),
      createSocket: this.deps.createSocket,
    });
    this.signalling.connect();
  }

  async setCamera(on: boolean): Promise<void> {
    const current = this.track('video');
    if (!on) {
      if (current) {
        current.stop();
        this.localStream?.removeTrack(current);
      }
      this.mesh?.setTrack('video', null, this.localTracks());
      this.setMedia({ video: false });
      return;
    }
    if (current) {
      this.setMedia({ video: true });
      return;
    }
    const track = await openCamera(this.settings.cameraId);
    if (this.ended) {
      track.stop();
      return;
    }
    this.localStream?.addTrack(track);
    this.mesh?.setTrack('video', track, this.localTracks());
    this.setMedia({ video: true });
  }

  async setMic(on: boolean): Promise<void> {
    let track = this.track('audio');
    if (on && !track) {
      // Joined without a microphone (blocked, or none then): try again now.
      track = await openMic(this.settings.micId);
      if (this.ended) {
        track.stop();
        return;
      }
      this.localStream?.addTrack(track);
      this.mesh?.setTrack('audio', track, this.localTracks());
      this.speakingDetector.unwatch(SELF_KEY);
      this.speakingDetector.watch(SELF_KEY, this.localStream);
    }
    // Muting disables the track rather than stopping it: unmuting is instant and needs no renegotiation.
    if (track) track.enabled = on;
    this.setMedia({ audio: on && track !== null });
  }

  async setScreen(on: boolean): Promise<void> {
    const current = this.snapshot.screen;
    if (!on) {
      if (!current) return;
      stopStream(current);
      this.update({ screen: null });
      this.mesh?.setScreen(null, this.localTracks());
      this.setMedia({ screen: null });
      return;
    }
    if (current) return;
    const screen = await openScreen();
    if (this.ended) {
      stopStream(screen);
      return;
    }
    // The browser's own "Stop sharing" button ends the track.
    for (const track of screen.getVideoTracks()) track.addEventListener('ended', () => void this.setScreen(false));
    this.update({ screen });
    this.mesh?.setScreen(screen, this.localTracks());
    this.setMedia({ screen: screen.id });
  }

  /** Leaves the meeting: tells the server, closes every connection and releases the camera and microphone. */
  leave(): void {
    if (this.ended) return;
    this.ended = true;
    this.signalling?.leave();
    this.teardown();
    this.update({ status: 'left' });
  }

  private teardown(): void {
    this.mesh?.close();
    this.mesh = null;
    this.speakingDetector.close();
    stopStream(this.localStream);
    stopStream(this.snapshot.screen);
    for (const track of this.localStream?.getTracks() ?? []) this.localStream?.removeTrack(track);
    this.update({ streams: {}, speaking: {}, screen: null, media: { audio: false, video: false, screen: null } });
  }

  private onStatus(status: SignallingStatus, closeCode: number | null): void {
    if (status === 'open') this.update({ status: 'in-meeting', error: null });
    else if (status === 'reconnecting') this.update({ status: 'reconnecting' });
    else if (status === 'closed' && !this.ended) {
      this.ended = true;
      this.teardown();
      this.update({ status: 'refused', closeCode });
    }
  }

  private onMessage(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome': {
        // A (re)join: a new peer id, so every old connection is replaced.
        this.mesh?.close();
        const selfId = message.peer_id;
        this.mesh = new PeerMesh(
          {
            selfId,
            iceServers: message.ice_servers,
            iceTransportPolicy: message.ice_transport_policy,
            send: (to, payload) => this.signalling?.send({ type: 'signal', to, ...payload }),
            onStreams: (peerId, streams) => this.onStreams(peerId, streams),
            createConnection: this.deps.createConnection,
          },
          this.localTracks(),
        );
        const participants = message.participants.filter((p) => p.peer_id !== selfId);
        this.speakingDetector.retain([SELF_KEY]);
        this.update({ selfPeerId: selfId, meeting: message.meeting, participants, streams: {} });
        for (const participant of participants) this.mesh.addPeer(participant.peer_id);
        break;
      }
      case 'peer-joined': {
        const { participant } = message;
        if (participant.peer_id === this.snapshot.selfPeerId) break;
        this.update({
          participants: [...this.snapshot.participants.filter((p) => p.peer_id !== participant.peer_id), participant],
        });
        this.mesh?.addPeer(participant.peer_id);
        break;
      }
      case 'peer-left': {
        this.mesh?.removePeer(message.peer_id);
        this.speakingDetector.unwatch(message.peer_id);
        const streams = { ...this.snapshot.streams };
        delete streams[message.peer_id];
        this.update({ participants: this.snapshot.participants.filter((p) => p.peer_id !== message.peer_id), streams });
        break;
      }
      case 'peer-state':
        this.update({
          participants: this.snapshot.participants.map((p) => (p.peer_id === message.peer_id ? { ...p, state: message.state } : p)),
        });
        break;
      case 'signal':
        void this.mesh?.handleSignal(message.from, { description: message.description, candidate: message.candidate });
        break;
      case 'error':
        this.update({ error: message.message });
        break;
      case 'pong':
        break;
    }
  }

  private onStreams(peerId: string, streams: MediaStream[]): void {
    if (!this.snapshot.participants.some((p) => p.peer_id === peerId) && streams.length > 0) return;
    const participant = this.snapshot.participants.find((p) => p.peer_id === peerId);
    const camera = streams.find((s) => s.id !== participant?.state.screen && s.getAudioTracks().length > 0);
    this.speakingDetector.watch(peerId, camera ?? null);
    this.update({ streams: { ...this.snapshot.streams, [peerId]: streams } });
  }

  private track(kind: 'audio' | 'video'): MediaStreamTrack | null {
    const tracks = kind === 'audio' ? this.localStream?.getAudioTracks() : this.localStream?.getVideoTracks();
    return tracks?.[0] ?? null;
  }

  private localTracks(): LocalTracks {
    return {
      stream: this.localStream,
      audio: this.track('audio'),
      video: this.track('video'),
      screen: this.snapshot.screen,
    };
  }

  private setMedia(change: Partial<MediaState>): void {
    const media = { ...this.snapshot.media, ...change };
    this.update({ media });
    this.signalling?.send({ type: 'state', state: media });
  }

  private update(change: Partial<MeetingSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
