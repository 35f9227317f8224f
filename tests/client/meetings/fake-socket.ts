/** A stand-in WebSocket the test drives by hand: open it, feed it messages, close it with a code. */
export class FakeSocket {
  static created: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.created.push(this);
  }

  static reset() {
    FakeSocket.created = [];
  }

  static get last(): FakeSocket {
    const socket = FakeSocket.created[FakeSocket.created.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server side: */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof message === 'string' ? message : JSON.stringify(message) }));
  }

  drop(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }

  sentTypes(): string[] {
    return this.sent.map((m) => (m as { type: string }).type);
  }
}

export const createFakeSocket = (url: string) => new FakeSocket(url) as unknown as WebSocket;
