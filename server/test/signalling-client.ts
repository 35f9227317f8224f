import { WebSocket } from 'ws';
import { serverMessageSchema, type ClientMessage, type ServerMessage } from '../../lib/contract/meetings';

export interface Closed {
  code: number;
  reason: string;
}

/**
 * A signalling socket as a browser would open it, for tests: every message
 * the server sends is parsed with the contract and kept, so a test can wait
 * for the next one of a kind.
 */
export async function openSignalling(baseUrl: string) {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1/meetings/signal/`);
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
