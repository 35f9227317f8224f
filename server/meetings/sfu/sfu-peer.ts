import { randomBytes } from 'node:crypto';
import type { ClientMessage, ServerMessage, SfuStream } from '../../../lib/contract/meetings';
import { JanusSessionGoneError, JanusUnavailableError, janusErrorFor } from '../janus/errors';
import { pollJanusEvents } from '../janus/poll-events';
import type { JanusReply } from '../janus/request';
import { attachPlugin, createSession, destroySession, handleUrl, postToJanus, VIDEOROOM_PLUGIN, type JanusServer } from '../janus/session';
import type { SfuRoom } from './room-credentials';
import { offeredStreams } from './sdp-streams';

/** How long Janus may take to let a participant into its room. */
const JOIN_TIMEOUT_MS = 10_000;
/** A refused subscription (a publisher left meanwhile) is made again from the publishers still there after this. */
const RESUBSCRIBE_MS = 500;
/** A failed poll (Janus briefly unreachable) is tried again after this. */
const POLL_RETRY_MS = 1_000;

export type SfuMessage = Extract<ClientMessage, { type: 'sfu-publish' | 'sfu-subscribe-answer' | 'sfu-candidate' | 'sfu-layer' | 'sfu-restart' }>;

interface Logger {
  warn(obj: object, message: string): void;
}

export interface SfuPeerOptions {
  server: JanusServer;
  room: SfuRoom;
  peerId: string;
  /** The token on the room's allowed list that lets this participant's handle in. */
  token: string;
  send(message: ServerMessage): void;
  /** Janus forgot the session (restarted, or kicked the participant): the browser should join again. */
  onLost(): void;
  /** After the session has ended: the participant's token comes off the allowed list, and an empty room goes. */
  onClosed(): void;
  logger: Logger;
}

/** A publisher's stream to subscribe to, with the simulcast layer wanted when one was chosen. */
interface SubscribeStream {
  feed: number;
  mid: string;
  substream?: number;
}

/** One stream of the subscription, as Janus lists it in `attached` and `updated`. */
interface SubscribedStream {
  mid: string;
  type: string;
  active: boolean;
  feedId: number | null;
  feedMid: string | null;
  peerId: string | null;
  streamId: string | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function subscribedStreams(value: unknown): SubscribedStream[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: Record<string, unknown>) => {
    const mid = str(entry.mid);
    if (!mid) return [];
    return [{
      mid,
      type: str(entry.type) ?? '',
      active: entry.active !== false,
      feedId: typeof entry.feed_id === 'number' ? entry.feed_id : null,
      feedMid: str(entry.feed_mid),
      peerId: str(entry.feed_display),
      streamId: str(entry.feed_description),
    }];
  });
}

/**
 * One participant's media on Janus, held by the API (the browser never
 * talks to Janus's API): a session with a publisher handle, joined to the
 * meeting's room with the room's pin and the participant's allowed token,
 * and a subscriber handle receiving everyone else's streams on one
 * connection (Janus's multistream subscriptions). The browser's offers,
 * answers and candidates arrive over the signalling socket and Janus's
 * answers and offers go back the same way; events are read with Janus's
 * HTTP long poll.
 */
export class SfuPeer {
  readonly #opts: SfuPeerOptions;
  readonly #abort = new AbortController();
  #sessionId = 0;
  #publisher = 0;
  #subscriber = 0;
  #privateId = 0;
  #subscription: 'none' | 'joining' | 'joined' = 'none';
  #published = false;
  #closed = false;
  /** Publisher streams (`feed:mid`) subscribed to or asked for, so none is subscribed twice. */
  readonly #wanted = new Set<string>();
  /** Asked for while the subscription was being made; sent once it exists. */
  #waiting: SubscribeStream[] = [];
  #streams: SubscribedStream[] = [];
  /** The room's publishers as last announced, by feed id: what a refused subscription is rebuilt from. */
  readonly #publishers = new Map<number, Record<string, unknown>>();
  /** The simulcast layer wanted per participant's camera. */
  readonly #layers = new Map<string, number>();
  #joined: { resolve(publishers: unknown): void; reject(error: Error): void } | null = null;

  constructor(opts: SfuPeerOptions) {
    this.#opts = opts;
  }

  /** Opens the session and joins the room as a publisher; resolves once Janus has let the participant in. */
  async start(): Promise<void> {
    const { server, room } = this.#opts;
    this.#sessionId = await createSession({ server });
    this.#publisher = await attachPlugin({ server, sessionId: this.#sessionId, plugin: VIDEOROOM_PLUGIN });
    const joined = new Promise<unknown>((resolve, reject) => {
      this.#joined = { resolve, reject };
      setTimeout(() => reject(new JanusUnavailableError('Janus did not let the participant into the room in time')), JOIN_TIMEOUT_MS).unref();
    });
    void this.#poll();
    await this.#message(this.#publisher, {
      request: 'join', ptype: 'publisher', room: room.id, pin: room.pin, token: this.#opts.token, display: this.#opts.peerId,
    });
    const publishers = await joined;
    this.#joined = null;
    this.#subscribeTo(publishers);
  }

  /** Applies one `sfu-*` message from the browser. */
  async handle(message: SfuMessage): Promise<void> {
    if (this.#closed) return;
    switch (message.type) {
      case 'sfu-publish': {
        // Each stream's MediaStream id becomes its description, which subscribers receive.
        const descriptions = offeredStreams(message.description.sdp).map(({ mid, streamId }) => ({ mid, description: streamId }));
        await this.#message(this.#publisher, { request: this.#published ? 'configure' : 'publish', descriptions }, message.description);
        this.#published = true;
        return;
      }
      case 'sfu-subscribe-answer':
        if (this.#subscriber) await this.#message(this.#subscriber, { request: 'start' }, message.description);
        return;
      case 'sfu-candidate': {
        const handle = message.connection === 'publisher' ? this.#publisher : this.#subscriber;
        if (!handle) return;
        await postToJanus({
          server: this.#opts.server,
          url: handleUrl(this.#opts.server, this.#sessionId, handle),
          body: { janus: 'trickle', candidate: message.candidate ?? { completed: true } },
        });
        return;
      }
      case 'sfu-restart':
        if (this.#subscription === 'joined') await this.#message(this.#subscriber, { request: 'configure', restart: true });
        return;
      case 'sfu-layer': {
        // Kept only for people in the room, so the map cannot grow with made-up ids.
        const known = [...this.#publishers.values()].some((p) => p.display === message.peer_id);
        if (!known) return;
        this.#layers.set(message.peer_id, message.substream);
        const mids = this.#streams.filter((s) => s.active && s.type === 'video' && s.peerId === message.peer_id).map((s) => s.mid);
        if (mids.length > 0 && this.#subscriber) {
          await this.#message(this.#subscriber, { request: 'configure', streams: mids.map((mid) => ({ mid, substream: message.substream })) });
        }
      }
    }
  }

  /** Leaves the room: ending the session detaches both handles, so Janus drops the participant and its subscriptions. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#abort.abort();
    this.#joined?.reject(new JanusUnavailableError('The participant left before Janus let them in'));
    if (this.#sessionId) await destroySession({ server: this.#opts.server, sessionId: this.#sessionId }).catch(() => undefined);
    this.#opts.onClosed();
  }

  /** An asynchronous plugin request: Janus acknowledges it at once and answers with an event (read by the poll). */
  async #message(handle: number, body: Record<string, unknown>, jsep?: { type: string; sdp: string }): Promise<void> {
    await postToJanus({
      server: this.#opts.server,
      url: handleUrl(this.#opts.server, this.#sessionId, handle),
      body: { janus: 'message', body, ...(jsep ? { jsep } : {}) },
    });
  }

  async #poll(): Promise<void> {
    while (!this.#closed) {
      let events: JanusReply[];
      try {
        events = await pollJanusEvents({ server: this.#opts.server, sessionId: this.#sessionId, signal: this.#abort.signal });
      } catch (error) {
        if (this.#closed) return;
        if (error instanceof JanusSessionGoneError) {
          this.#lost(error);
          return;
        }
        this.#opts.logger.warn({ err: error }, 'reading Janus events failed');
        await new Promise((resolve) => setTimeout(resolve, POLL_RETRY_MS));
        continue;
      }
      for (const event of events) {
        try {
          this.#onEvent(event);
        } catch (error) {
          this.#opts.logger.warn({ err: error }, 'a Janus event could not be handled');
        }
      }
    }
  }

  #lost(error: Error): void {
    this.#joined?.reject(error);
    if (this.#closed) return;
    void this.close();
    this.#opts.onLost();
  }

  #onEvent(event: JanusReply): void {
    const data = event.plugindata?.data;
    if (event.janus !== 'event' || !data) return;
    if (typeof data.error_code === 'number') {
      const error = janusErrorFor(data.error_code, str(data.error) ?? 'no reason given');
      if (this.#joined && event.sender === this.#publisher) this.#joined.reject(error);
      else this.#opts.logger.warn({ err: error }, 'Janus refused a request');
      if (event.sender === this.#subscriber) setTimeout(() => this.#resubscribe(), RESUBSCRIBE_MS).unref();
      return;
    }
    if (event.sender === this.#publisher) this.#onPublisherEvent(data, event.jsep);
    else if (event.sender === this.#subscriber) this.#onSubscriberEvent(data, event.jsep);
  }

  #onPublisherEvent(data: Record<string, unknown>, jsep: JanusReply['jsep']): void {
    if (data.videoroom === 'joined') {
      this.#privateId = typeof data.private_id === 'number' ? data.private_id : 0;
      this.#joined?.resolve(data.publishers);
      return;
    }
    if (data.videoroom === 'destroyed' || data.leaving === 'ok' || data.kicked === 'ok') {
      this.#lost(new JanusUnavailableError('Janus put the participant out of the room'));
      return;
    }
    if (jsep?.type === 'answer') this.#opts.send({ type: 'sfu-answer', description: { type: 'answer', sdp: jsep.sdp } });
    for (const gone of [data.unpublished, data.leaving]) {
      if (typeof gone !== 'number') continue;
      this.#layers.delete(str(this.#publishers.get(gone)?.display) ?? '');
      this.#publishers.delete(gone);
    }
    if (data.publishers) this.#subscribeTo(data.publishers);
  }

  /**
   * After Janus refused a subscription change (typically a publisher that
   * left in the meantime, which fails the whole request): forget what was
   * asked for but not granted and ask again for the publishers still there.
   */
  #resubscribe(): void {
    if (this.#closed) return;
    if (this.#subscription === 'joining') this.#subscription = 'none';
    this.#waiting = [];
    this.#wanted.clear();
    for (const stream of this.#streams) if (stream.feedId !== null && stream.feedMid) this.#wanted.add(`${stream.feedId}:${stream.feedMid}`);
    this.#subscribeTo([...this.#publishers.values()]);
  }

  #onSubscriberEvent(data: Record<string, unknown>, jsep: JanusReply['jsep']): void {
    if (data.videoroom === 'attached') {
      this.#subscription = 'joined';
      const waiting = this.#waiting;
      this.#waiting = [];
      if (waiting.length > 0) void this.#subscribe(waiting);
    }
    if (data.streams) {
      this.#streams = subscribedStreams(data.streams);
      for (const stream of this.#streams) if (stream.feedId !== null && stream.feedMid) this.#wanted.add(`${stream.feedId}:${stream.feedMid}`);
    }
    if (jsep?.type !== 'offer') return;
    const streams: SfuStream[] = this.#streams.flatMap((s) => (s.active && s.peerId && (s.type === 'audio' || s.type === 'video')
      ? [{ mid: s.mid, peer_id: s.peerId, stream_id: s.streamId ?? s.peerId, kind: s.type }]
      : []));
    this.#opts.send({ type: 'sfu-offer', description: { type: 'offer', sdp: jsep.sdp }, streams });
  }

  /** Subscribes to the audio and video streams of these publishers not subscribed to yet. */
  #subscribeTo(publishers: unknown): void {
    if (!Array.isArray(publishers)) return;
    const wanted: SubscribeStream[] = [];
    for (const publisher of publishers as Array<Record<string, unknown>>) {
      if (typeof publisher.id !== 'number' || !Array.isArray(publisher.streams)) continue;
      this.#publishers.set(publisher.id, publisher);
      const layer = this.#layers.get(str(publisher.display) ?? '');
      for (const stream of publisher.streams as Array<Record<string, unknown>>) {
        const mid = str(stream.mid);
        if (!mid || stream.disabled === true || (stream.type !== 'audio' && stream.type !== 'video')) continue;
        const key = `${publisher.id}:${mid}`;
        if (this.#wanted.has(key)) continue;
        this.#wanted.add(key);
        wanted.push({ feed: publisher.id, mid, ...(layer !== undefined && stream.type === 'video' ? { substream: layer } : {}) });
      }
    }
    if (wanted.length > 0) void this.#subscribe(wanted);
  }

  async #subscribe(streams: SubscribeStream[]): Promise<void> {
    try {
      if (this.#subscription === 'joining') {
        this.#waiting.push(...streams);
        return;
      }
      if (this.#subscription === 'joined') {
        await this.#message(this.#subscriber, { request: 'subscribe', streams });
        return;
      }
      this.#subscription = 'joining';
      const { room } = this.#opts;
      this.#subscriber = await attachPlugin({ server: this.#opts.server, sessionId: this.#sessionId, plugin: VIDEOROOM_PLUGIN });
      await this.#message(this.#subscriber, {
        request: 'join', ptype: 'subscriber', room: room.id, pin: room.pin, private_id: this.#privateId, streams,
      });
    } catch (error) {
      if (!this.#closed) this.#opts.logger.warn({ err: error }, 'subscribing to a participant on Janus failed');
    }
  }

  /** A random token for the room's allowed list. */
  static newToken(): string {
    return randomBytes(18).toString('base64url');
  }
}
