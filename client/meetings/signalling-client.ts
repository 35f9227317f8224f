import {
  finalCloseCodes, serverMessageSchema, SIGNAL_PATH, type ClientMessage, type MediaState, type ServerMessage,
} from '../../lib/contract/meetings';
import { API_HOST } from '../http/clients';

/** How often the client pings; the server answers pong, so silence means the link is gone. */
export const SIGNAL_PING_INTERVAL_MS = 3000;
/** Nothing heard for this long: the socket is treated as dead and replaced. */
export const SIGNAL_SILENCE_TIMEOUT_MS = 8000;
/** Reconnect delays: 0.5 s, doubling, at most 5 s. */
const SIGNAL_BACKOFF_BASE_MS = 500;
const SIGNAL_BACKOFF_MAX_MS = 5000;

/** WebSocket.OPEN, spelled out so a stand-in socket class needs no statics. */
const SOCKET_OPEN = 1;

export const reconnectDelay = (attempt: number) =>
  Math.min(SIGNAL_BACKOFF_BASE_MS * 2 ** attempt, SIGNAL_BACKOFF_MAX_MS);

export type SignallingStatus =
  /** First connection, before the welcome. */
  | 'connecting'
  /** Welcomed into the meeting. */
  | 'open'
  /** The link dropped; a new socket is on its way. */
  | 'reconnecting'
  /** For good: left, or refused with a final close code. */
  | 'closed';

export interface SignallingClose {
  code: number;
  reason: string;
}

/** The WebSocket URL of the signalling endpoint: the API host when set, else this page's host. */
export function signallingUrl(apiHost = API_HOST, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  if (apiHost) return `${apiHost.replace(/^http/, 'ws')}/api/v1/${SIGNAL_PATH}`;
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/api/v1/${SIGNAL_PATH}`;
}

type SocketFactory = (url: string) => WebSocket;

export interface SignallingOptions {
  code: string;
  /** Read at every (re)connection, so a refreshed session token is used. */
  token(): string | null;
  /** The media state announced in each join. */
  state(): MediaState;
  onMessage(message: ServerMessage): void;
  onStatus(status: SignallingStatus, close?: SignallingClose): void;
  url?: string;
  /** Tests pass a fake socket. */
  createSocket?: SocketFactory;
}

/**
 * The meeting's signalling link: joins on every socket it opens, pings to
 * notice a dead link the browser cannot see, reconnects with backoff unless
 * the server closed with a final code, and hands on only messages that
 * follow the contract (anything else is dropped: a bad message must not
 * break the meeting).
 */
export class SignallingClient {
  private socket: WebSocket | null = null;
  private status: SignallingStatus = 'connecting';
  private attempt = 0;
  private lastHeard = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly createSocket: SocketFactory;

  constructor(private readonly options: SignallingOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
  }

  get currentStatus(): SignallingStatus {
    return this.status;
  }

  connect(): void {
    if (this.stopped || this.socket) return;
    const socket = this.createSocket(this.options.url ?? signallingUrl());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastHeard = Date.now();
      const token = this.options.token();
      if (!token) {
        // Signed out meanwhile: nothing to join with.
        this.finish({ code: 4401, reason: 'Not signed in' });
        return;
      }
      this.sendRaw(socket, { type: 'join', token, code: this.options.code, state: this.options.state() });
      this.startPinging(socket);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.lastHeard = Date.now();
      const message = parseServerMessage(event.data);
      if (!message) return;
      if (message.type === 'welcome') {
        this.attempt = 0;
        this.setStatus('open');
      }
      this.options.onMessage(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.dropSocket();
      if (this.stopped) return;
      if (finalCloseCodes.includes(event.code)) {
        this.finish({ code: event.code, reason: event.reason });
        return;
      }
      this.scheduleReconnect();
    };
    // Errors are always followed by close, which decides what happens next.
    socket.onerror = () => undefined;
  }

  /** Sends when connected; messages meant for a dead socket are dropped (peers are rebuilt after a reconnect). */
  send(message: ClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== SOCKET_OPEN || this.status !== 'open') return false;
    return this.sendRaw(this.socket, message);
  }

  /** Says goodbye to the server and stops for good. */
  leave(): void {
    if (this.socket && this.socket.readyState === SOCKET_OPEN) this.sendRaw(this.socket, { type: 'leave' });
    this.finish({ code: 1000, reason: 'Left' });
  }

  /** Stops without a goodbye (page torn down); the server notices the closed socket. */
  close(): void {
    this.finish({ code: 1000, reason: 'Closed' });
  }

  private finish(close: SignallingClose): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.dropSocket();
    if (socket && socket.readyState <= SOCKET_OPEN) socket.close(1000);
    this.setStatus('closed', close);
  }

  private scheduleReconnect(): void {
    this.setStatus('reconnecting');
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private startPinging(socket: WebSocket): void {
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > SIGNAL_SILENCE_TIMEOUT_MS) {
        // A half-open link: the browser has not noticed, so close it ourselves and start over.
        this.dropSocket();
        socket.close(4000, 'No answer');
        if (!this.stopped) this.scheduleReconnect();
        return;
      }
      this.sendRaw(socket, { type: 'ping' });
    }, SIGNAL_PING_INTERVAL_MS);
  }

  private dropSocket(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (this.socket) {
      this.socket.onopen = null;
      this.socket.onmessage = null;
      this.socket.onclose = null;
    }
    this.socket = null;
  }

  private sendRaw(socket: WebSocket, message: ClientMessage): boolean {
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch (error) {
      console.warn('Could not send a signalling message', error);
      return false;
    }
  }

  private setStatus(status: SignallingStatus, close?: SignallingClose): void {
    if (status === this.status && status !== 'closed') return;
    this.status = status;
    this.options.onStatus(status, close);
  }
}

/** A server message, or null for anything that does not follow the contract. */
function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = serverMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
