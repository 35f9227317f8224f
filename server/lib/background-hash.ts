import { Worker } from 'node:worker_threads';

/*
 * SHA-256 of large uploads, computed on a worker thread so hashing hundreds
 * of megabytes never holds up the event loop. One worker serves every hash
 * of the process; pieces are copied into batches of a fixed size, which go
 * to the worker and come back to be filled again, so messages stay few and
 * memory flat.
 * The worker is plain JavaScript given as a string: it then runs the same
 * way under any loader the server is started with.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'update') {
    let hash = hashes.get(message.id);
    if (!hash) hashes.set(message.id, (hash = createHash('sha256')));
    hash.update(message.batch.subarray(0, message.length));
    // The batch goes back to be filled again, so no garbage piles up on either side.
    parentPort.postMessage({ id: message.id, hashed: message.length, batch: message.batch }, [message.batch.buffer]);
  } else if (message.type === 'digest') {
    const hash = hashes.get(message.id) ?? createHash('sha256');
    hashes.delete(message.id);
    parentPort.postMessage({ id: message.id, hex: hash.digest('hex') });
  } else {
    hashes.delete(message.id);
  }
});
`;

/** A batch always owns a plain ArrayBuffer of its own, which can be moved between threads. */
type Batch = Uint8Array<ArrayBuffer>;

type ToWorker =
  | { type: 'update'; id: number; batch: Batch; length: number }
  | { type: 'digest'; id: number }
  | { type: 'drop'; id: number };

type FromWorker = { id: number; hashed: number; batch: Batch } | { id: number; hex: string };

const BATCH_BYTES = 1024 * 1024;
/** Sent but not yet hashed: past this, the feeder waits, so a slow hash never piles the file up in memory. */
const MAX_IN_FLIGHT_BYTES = 8 * BATCH_BYTES;

/** Batches the worker gave back, ready to be filled again (a few, for the next uploads). */
const spareBatches: Batch[] = [];
const SPARE_BATCHES_MAX = 16;

let worker: Worker | null = null;
let nextId = 1;
/** Hashes the worker is working for. */
const active = new Map<number, BackgroundSha256>();

function hashWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  // Idle, it must not keep the process alive; while a hash is under way, it must.
  started.unref();
  started.on('message', (message: FromWorker) => active.get(message.id)?.receive(message));
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    for (const hash of active.values()) hash.fail(error);
    active.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the hashing thread stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** A SHA-256 fed piece by piece on this thread and computed on the hashing thread. */
export class BackgroundSha256 {
  private readonly id = nextId++;
  private readonly worker = hashWorker();
  private batch: Batch | null = null;
  private filled = 0;
  private inFlight = 0;
  private finished = false;
  private failure: Error | null = null;
  private onCaughtUp: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private onDigest: { resolve: (hex: string) => void; reject: (error: Error) => void } | null = null;

  /** Takes a piece of the data (copied: the caller may reuse it). */
  update(piece: Uint8Array): void {
    let offset = 0;
    while (offset < piece.length) {
      this.batch ??= spareBatches.pop() ?? new Uint8Array(BATCH_BYTES);
      const taken = Math.min(piece.length - offset, BATCH_BYTES - this.filled);
      this.batch.set(piece.subarray(offset, offset + taken), this.filled);
      this.filled += taken;
      offset += taken;
      if (this.filled === BATCH_BYTES) this.send();
    }
  }

  /** Whether the caller should wait for caughtUp() before giving more. */
  get backlogged(): boolean {
    return this.inFlight > MAX_IN_FLIGHT_BYTES;
  }

  /** Resolves once the worker has caught up enough to take more. */
  caughtUp(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.backlogged) return Promise.resolve();
    return new Promise((resolve, reject) => this.onCaughtUp.push({ resolve, reject }));
  }

  /** The hex digest of everything given to update. */
  digest(): Promise<string> {
    // The thread this hash was fed to stopped before it had anything to report about it.
    if (worker !== this.worker) this.failure ??= new Error('the hashing thread stopped');
    if (this.failure) return Promise.reject(this.failure);
    this.send();
    this.finished = true;
    this.track();
    const result = new Promise<string>((resolve, reject) => { this.onDigest = { resolve, reject }; });
    this.post({ type: 'digest', id: this.id });
    return result;
  }

  /** Forgets an unfinished hash (the upload it was for failed). */
  discard(): void {
    if (this.finished) return;
    this.finished = true;
    this.batch = null;
    this.untrack();
    if (!this.failure) this.post({ type: 'drop', id: this.id });
  }

  /** A message of the worker about this hash. */
  receive(message: FromWorker): void {
    if ('hex' in message) {
      this.untrack();
      this.onDigest?.resolve(message.hex);
      return;
    }
    this.inFlight -= message.hashed;
    if (spareBatches.length < SPARE_BATCHES_MAX) spareBatches.push(message.batch);
    if (this.backlogged) return;
    for (const waiter of this.onCaughtUp.splice(0)) waiter.resolve();
  }

  /** The worker stopped: whatever it had of this hash is gone. */
  fail(error: Error): void {
    this.failure = error;
    for (const waiter of this.onCaughtUp.splice(0)) waiter.reject(error);
    this.onDigest?.reject(error);
  }

  /** Hands the filled batch to the worker, moved rather than copied. */
  private send(): void {
    const { batch, filled } = this;
    if (!batch || filled === 0 || this.failure) return;
    this.batch = null;
    this.filled = 0;
    this.inFlight += filled;
    this.track();
    this.worker.postMessage({ type: 'update', id: this.id, batch, length: filled } satisfies ToWorker, [batch.buffer]);
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private track(): void {
    if (active.size === 0) this.worker.ref();
    active.set(this.id, this);
  }

  private untrack(): void {
    active.delete(this.id);
    if (active.size === 0) this.worker.unref();
  }
}
