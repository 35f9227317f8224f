import { WebSocket } from 'ws';
import type { Config } from '../config';
import { serverMessageSchema, type ClientMessage, type ServerMessage } from '../../lib/contract/meetings';

export interface Closed {
  code: number;
  reason: string;
}

/** An API node for a socket: where it listens, and the settings that name the app's own origin. */
export interface SignallingTarget {
  url: string;
  config: Pick<Config, 'appUrl'>;
}

const SIGNAL_PATH = '/api/v1/meetings/signal/';
const socketUrl = (baseUrl: string, path = SIGNAL_PATH) => `${baseUrl.replace(/^http/, 'ws')}${path}`;

/** The Origin a page of the app sends on a handshake (a browser always sends one). */
export const appOriginOf = (target: SignallingTarget) => new URL(target.config.appUrl).origin;

/**
 * How the server answers a handshake with these headers (at the meetings
 * socket unless `path` says otherwise): 101 when it upgrades (the socket is
 * closed at once), else the HTTP status it refused with.
 */
export function handshakeStatus(baseUrl: string, headers: Record<string, string> = {}, path = SIGNAL_PATH): Promise<number> {
  return new Promise<number>((resolve) => {
    const ws = new WebSocket(socketUrl(baseUrl, path), { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.on('error', () => undefined);
  });
}

/**
 * A signalling socket as a browser on the app's page would open it, for
 * tests: every message the server sends is parsed with the contract and
 * kept, so a test can wait for the next one of a kind.
 */
export async function openSignalling(target: SignallingTarget) {
  const ws = new WebSocket(socketUrl(target.url), { origin: appOriginOf(target) });
  const received: ServerMessage[] = [];
  const waiters: Array<() => void> = [];
  const closed = new Promise<Closed>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on('message', (data) => {
    received.push(serverMessageSchema.parse(JSON.parse(String(data))));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  /** The first message of this type not yet taken (earlier ones of other types stay). */
  async function next<T extends ServerMessage['type']>(type: T, timeoutMs = 5_000): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = received.findIndex((m) => m.type === type);
      if (index >= 0) return received.splice(index, 1)[0] as Extract<ServerMessage, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms; got ${JSON.stringify(received.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    ws,
    received,
    closed,
    next,
    send: (message: ClientMessage | Record<string, unknown>) => ws.send(JSON.stringify(message)),
    sendRaw: (data: string | Buffer) => ws.send(data),
    /** Sends join and waits for the welcome. */
    async join(token: string, code: string, state = { audio: true, video: true, screen: null }) {
      ws.send(JSON.stringify({ type: 'join', token, code, state }));
      return next('welcome');
    },
    close: () => ws.close(),
  };
}
export type SignallingTestClient = Awaited<ReturnType<typeof openSignalling>>;
