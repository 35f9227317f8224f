import { JanusSessionGoneError } from './errors';
import { attachPlugin, createSession, destroySession, keepAlive, pluginRequest, VIDEOROOM_PLUGIN, type JanusServer } from './session';

/** Janus drops a session after 60 s without a request by default; keepalives go out well within that. */
export const JANUS_KEEPALIVE_MS = 25_000;

interface Handle {
  sessionId: number;
  handleId: number;
}

/**
 * The API server's own VideoRoom handle on Janus, for managing rooms (create,
 * allowed, destroy...). The session is opened on first use and kept alive; when
 * Janus has forgotten it (a restart, a missed keepalive) a new one is opened
 * and the request sent once more, which is safe because Janus did not act on it.
 */
export class VideoRoomControl {
  readonly #server: JanusServer;
  readonly #keepAliveMs: number;
  #handle: Promise<Handle> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(opts: { server: JanusServer; keepAliveMs?: number }) {
    this.#server = opts.server;
    this.#keepAliveMs = opts.keepAliveMs ?? JANUS_KEEPALIVE_MS;
  }

  /** A synchronous VideoRoom request on the API's handle; returns the plugin's answer. */
  async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    try {
      return await pluginRequest({ server: this.#server, ...(await this.#open()), body });
    } catch (error) {
      if (!(error instanceof JanusSessionGoneError)) throw error;
      this.#forget();
      return pluginRequest({ server: this.#server, ...(await this.#open()), body });
    }
  }

  /** Stops the keepalives and ends the session. */
  async close(): Promise<void> {
    const handle = this.#handle;
    this.#forget();
    const opened = await handle?.catch(() => undefined);
    if (opened) await destroySession({ server: this.#server, sessionId: opened.sessionId }).catch(() => undefined);
  }

  #open(): Promise<Handle> {
    if (!this.#handle) {
      const opening = (async () => {
        const sessionId = await createSession({ server: this.#server });
        const handleId = await attachPlugin({ server: this.#server, sessionId, plugin: VIDEOROOM_PLUGIN });
        return { sessionId, handleId };
      })();
      this.#handle = opening;
      opening.then(
        ({ sessionId }) => this.#startKeepAlive(opening, sessionId),
        // A failed open is not kept: the next request tries again.
        () => {
          if (this.#handle === opening) this.#handle = undefined;
        },
      );
    }
    return this.#handle;
  }

  #startKeepAlive(opening: Promise<Handle>, sessionId: number) {
    if (this.#handle !== opening) return;
    this.#timer = setInterval(() => {
      keepAlive({ server: this.#server, sessionId }).catch((error: unknown) => {
        // Janus forgot the session: the next request opens another. Other
        // failures (Janus briefly unreachable) are left to the next request too.
        if (error instanceof JanusSessionGoneError && this.#handle === opening) this.#forget();
      });
    }, this.#keepAliveMs);
    // Keepalives alone must not keep the process running.
    this.#timer.unref();
  }

  #forget() {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#handle = undefined;
  }
}
