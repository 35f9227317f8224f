import type { ChatMessage, MediaState, Meeting, MeetingReaction, Participant, ServerMessage } from '../../lib/contract/meetings';
import { currentAuthToken } from '../http/clients';
import { MediaError, openCamera, openCameraAndMic, openMic, openScreen, stopStream, type MediaProblem } from './local-media';
import { PeerMesh, type LocalTracks, type PeerMeshOptions } from './peer-mesh';
import { SfuMedia, type MeetingMedia, type SfuLayer } from './sfu-media';
import { SignallingClient, type SignallingOptions, type SignallingStatus } from './signalling-client';
import { SpeakingDetector } from './speaking-detector';
import { noEffects, readEffectSettings, saveEffectSettings, type EffectName, type EffectSettings } from './effects/effect-settings';
import { applyEffect, effectKind, TrackEffects } from './effects/track-effects';

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

/** How long a reaction floats over its sender's tile. */
export const REACTION_SHOW_MS = 4000;

/** How long a chat message waits for the server to hand it back before it counts as not sent. */
export const CHAT_SEND_TIMEOUT_MS = 10_000;

export const CHAT_TOO_FAST = 'You’re sending messages too fast. Wait a few seconds, then send it again.';
export const CHAT_NOT_SENT = 'Your message was not sent. Please try again.';

/** A reaction on its way up over its sender's tile (`peerId` is one's own for one's own). */
export interface FloatingReaction {
  id: number;
  peerId: string;
  emoji: MeetingReaction;
}

/** Something to tell the person once; a new id each time, so the same words can be told twice. */
export interface MeetingNotice {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

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
  /** The effects on what one sends (off again when one could not start). */
  effects: EffectSettings;
  /** Oneself as the others see it (the host flag, one's raised hand); null until welcomed. */
  self: Participant | null;
  /** The meeting's chat, oldest first. */
  chat: ChatMessage[];
  reactions: FloatingReaction[];
  /** The latest thing to tell the person (the host muted them, a host action was refused). */
  notice: MeetingNotice | null;
}

export interface JoinSettings {
  audio: boolean;
  video: boolean;
  cameraId?: string | null;
  micId?: string | null;
  /** The lobby's preview, reused so the camera is not opened twice. */
  stream?: MediaStream | null;
  /** Noise suppression and background blur; a rejoin after a reload uses the saved choice. */
  effects?: EffectSettings;
}

export interface SessionDeps {
  createSocket?: SignallingOptions['createSocket'];
  createConnection?: PeerMeshOptions['createConnection'];
  openMedia?: typeof openCameraAndMic;
  applyEffect?: typeof applyEffect;
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
  effects: noEffects,
  self: null,
  chat: [],
  reactions: [],
  notice: null,
});

interface PendingChat {
  resolve(): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * One visit to a meeting: local media, the signalling link and the peer
 * mesh, exposed as an immutable snapshot for React (useSyncExternalStore).
 */
export class MeetingSession {
  private snapshot: MeetingSnapshot;
  private readonly listeners = new Set<() => void>();
  private signalling: SignallingClient | null = null;
  /** The peer mesh, or the SFU connections when the welcome says an SFU carries the meeting. */
  private mesh: MeetingMedia | null = null;
  private readonly localStream: MediaStream | null;
  private readonly speakingDetector: SpeakingDetector;
  private readonly effects: TrackEffects;
  private settings: JoinSettings;
  private ended = false;
  /** Chat messages sent and not yet handed back by the server, oldest first (the server answers in order). */
  private readonly pendingChats: PendingChat[] = [];
  private readonly reactionTimers = new Set<ReturnType<typeof setTimeout>>();
  private nextId = 1;

  constructor(
    private readonly code: string,
    settings: JoinSettings,
    private readonly deps: SessionDeps = {},
  ) {
    this.settings = settings;
    this.localStream = typeof MediaStream === 'undefined' ? null : new MediaStream();
    this.speakingDetector = new SpeakingDetector((speaking) => this.update({ speaking }));
    this.effects = new TrackEffects(settings.effects ?? readEffectSettings(), deps.applyEffect);
    this.snapshot = { ...startingSnapshot(this.localStream), effects: this.effects.settings };
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
    // Joining with the camera off releases it (its light goes out).
    for (const track of source?.getVideoTracks() ?? []) if (!video) track.stop();
    const kept = (source?.getTracks() ?? []).filter((track) => track.kind !== 'video' || video);
    // The effects start before anything is sent: a blurred background is never sent unblurred first.
    const sent = await Promise.all(kept.map((track) => this.effects.process(track)));
    if (this.ended) {
      for (const { track } of sent) this.effects.stop(track);
      stopStream(source);
      return;
    }
    for (const { track, problem: effectProblem } of sent) {
      // Muted keeps the mic, disabled.
      if (track.kind === 'audio') track.enabled = audio;
      this.localStream?.addTrack(track);
      if (effectProblem) this.tell(effectProblem.message, 'error');
    }
    this.update({
      mediaProblem: problem,
      media: { audio: audio && this.track('audio') !== null, video: video && this.track('video') !== null, screen: null },
      effects: this.effects.settings,
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
        this.effects.stop(current);
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
    const track = await this.withEffect(await openCamera(this.settings.cameraId));
    if (this.ended) {
      this.effects.stop(track);
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
      track = await this.withEffect(await openMic(this.settings.micId));
      if (this.ended) {
        this.effects.stop(track);
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

  /**
   * Sends a chat message. Settles once the server hands it back to everyone (or refuses it),
   * so the person's draft is only cleared for a message that really went out.
   */
  sendChat(text: string): Promise<void> {
    if (!this.signalling?.send({ type: 'chat', text })) return Promise.reject(new Error(CHAT_NOT_SENT));
    return new Promise((resolve, reject) => {
      const pending: PendingChat = {
        resolve,
        reject,
        timer: setTimeout(() => this.settleChat(pending, new Error(CHAT_NOT_SENT)), CHAT_SEND_TIMEOUT_MS),
      };
      this.pendingChats.push(pending);
    });
  }

  setHand(raised: boolean): void {
    const self = this.snapshot.self;
    if (!self || !this.signalling?.send({ type: 'hand', raised })) return;
    // Shown at once; the server's `peer-hand` brings the time everyone else sorts by.
    this.update({ self: { ...self, hand_raised_at: raised ? (self.hand_raised_at ?? new Date().toISOString()) : null } });
  }

  react(emoji: MeetingReaction): void {
    const selfId = this.snapshot.selfPeerId;
    if (selfId && this.signalling?.send({ type: 'reaction', emoji })) this.float(selfId, emoji);
  }

  /** Host only: turns another participant's microphone off. */
  mute(peerId: string): void {
    this.signalling?.send({ type: 'mute', peer_id: peerId });
  }

  /** Host only: sends another participant out of the meeting. */
  remove(peerId: string): void {
    this.signalling?.send({ type: 'remove', peer_id: peerId });
  }

  /**
   * Switches noise suppression or background blur. The track sent is swapped
   * in place (no renegotiation), and the choice is kept for the next meeting.
   * Throws EffectError when the effect cannot run here.
   */
  async setEffect(effect: EffectName, on: boolean): Promise<void> {
    const kind = effectKind[effect];
    const current = this.track(kind);
    const next = await this.effects.toggle(effect, on, current);
    if (this.ended) {
      if (next) this.effects.stop(next);
      return;
    }
    if (current && next && next !== current) {
      next.enabled = current.enabled;
      this.localStream?.removeTrack(current);
      this.localStream?.addTrack(next);
      this.mesh?.setTrack(kind, next, this.localTracks());
      this.effects.release(current);
      if (kind === 'audio') {
        this.speakingDetector.unwatch(SELF_KEY);
        this.speakingDetector.watch(SELF_KEY, this.localStream);
      }
    }
    saveEffectSettings(this.effects.settings);
    this.update({ effects: this.effects.settings });
  }

  /**
   * In a meeting an SFU carries, which of someone's camera pictures to
   * receive: 'high' for the active speaker or a pinned tile, 'low' for small
   * tiles. A mesh always receives the one picture each person sends.
   */
  preferLayer(peerId: string, layer: SfuLayer): void {
    if (this.mesh instanceof SfuMedia) this.mesh.preferLayer(peerId, layer);
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
    for (const pending of [...this.pendingChats]) this.settleChat(pending, new Error(CHAT_NOT_SENT));
    for (const timer of this.reactionTimers) clearTimeout(timer);
    this.reactionTimers.clear();
    this.speakingDetector.close();
    this.effects.stopAll();
    stopStream(this.localStream);
    stopStream(this.snapshot.screen);
    for (const track of this.localStream?.getTracks() ?? []) this.localStream?.removeTrack(track);
    this.update({ streams: {}, speaking: {}, screen: null, reactions: [], media: { audio: false, video: false, screen: null } });
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
        const transport = {
          iceServers: message.ice_servers,
          iceTransportPolicy: message.ice_transport_policy,
          onStreams: (peerId: string, streams: MediaStream[]) => this.onStreams(peerId, streams),
          createConnection: this.deps.createConnection,
        };
        this.mesh = message.sfu
          ? new SfuMedia({ ...transport, send: (sfuMessage) => this.signalling?.send(sfuMessage) }, this.localTracks())
          : new PeerMesh({ ...transport, selfId, send: (to, payload) => this.signalling?.send({ type: 'signal', to, ...payload }) }, this.localTracks());
        const participants = message.participants.filter((p) => p.peer_id !== selfId);
        this.speakingDetector.retain([SELF_KEY]);
        this.update({ selfPeerId: selfId, meeting: message.meeting, participants, streams: {}, self: message.self, chat: message.chat });
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
      case 'sfu-answer':
      case 'sfu-offer':
        if (this.mesh instanceof SfuMedia) void this.mesh.handleSfu(message);
        break;
      case 'chat': {
        const { message: chat } = message;
        if (!this.snapshot.chat.some((m) => m.id === chat.id)) this.update({ chat: [...this.snapshot.chat, chat] });
        const pending = this.pendingChats[0];
        if (pending && chat.peer_id === this.snapshot.selfPeerId) this.settleChat(pending, null);
        break;
      }
      case 'peer-hand': {
        const { peer_id: peerId, hand_raised_at: raisedAt } = message;
        const self = this.snapshot.self;
        if (self && peerId === this.snapshot.selfPeerId) this.update({ self: { ...self, hand_raised_at: raisedAt } });
        else this.update({ participants: this.snapshot.participants.map((p) => (p.peer_id === peerId ? { ...p, hand_raised_at: raisedAt } : p)) });
        break;
      }
      case 'reaction':
        // One's own was shown when sent.
        if (message.peer_id !== this.snapshot.selfPeerId) this.float(message.peer_id, message.emoji);
        break;
      case 'muted':
        // Like pressing the mic button: the track is disabled and everyone sees the muted icon; unmuting stays possible.
        void this.setMic(false);
        this.tell(`${message.by.name} muted your microphone. You can unmute it when you want to speak.`, 'info');
        break;
      case 'error':
        if (message.code === 'chat_rate_limited') {
          const pending = this.pendingChats[0];
          if (pending) this.settleChat(pending, new Error(CHAT_TOO_FAST));
        } else if (message.code === 'forbidden') {
          this.tell(message.message, 'error');
        } else {
          this.update({ error: message.message });
        }
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

  private settleChat(pending: PendingChat, error: Error | null): void {
    const index = this.pendingChats.indexOf(pending);
    if (index < 0) return;
    this.pendingChats.splice(index, 1);
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve();
  }

  private float(peerId: string, emoji: MeetingReaction): void {
    const reaction: FloatingReaction = { id: this.nextId++, peerId, emoji };
    this.update({ reactions: [...this.snapshot.reactions, reaction] });
    const timer = setTimeout(() => {
      this.reactionTimers.delete(timer);
      this.update({ reactions: this.snapshot.reactions.filter((r) => r !== reaction) });
    }, REACTION_SHOW_MS);
    this.reactionTimers.add(timer);
  }

  private tell(text: string, tone: MeetingNotice['tone']): void {
    this.update({ notice: { id: this.nextId++, text, tone } });
  }

  /** A camera or microphone track opened in the meeting, with its effect on (or off, and why, when it cannot run). */
  private async withEffect(track: MediaStreamTrack): Promise<MediaStreamTrack> {
    const { track: sent, problem } = await this.effects.process(track);
    if (problem) {
      this.tell(problem.message, 'error');
      this.update({ effects: this.effects.settings });
    }
    return sent;
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
