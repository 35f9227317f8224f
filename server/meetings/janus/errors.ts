/** Anything that went wrong talking to Janus. */
export class JanusError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // Each subclass is named after itself without repeating a constructor.
    this.name = new.target.name;
  }
}

/** Janus could not be reached, or answered with something that is not its API (wrong address, proxy error page). */
export class JanusUnavailableError extends JanusError {}

/** Janus did not answer in time. */
export class JanusTimeoutError extends JanusError {
  constructor(readonly timeoutMs: number, what: string) {
    super(`Janus did not answer ${what} within ${timeoutMs} ms`);
  }
}

/**
 * Janus refused a request with an error code: `code` is Janus's own (core
 * codes 4xx from the Janus API, VideoRoom codes 42x-49x from the plugin).
 */
export class JanusRequestError extends JanusError {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`Janus refused the request (${code}): ${reason}`);
  }
}

/** A wrong or missing API secret, admin secret, token, room secret, pin or admin key. */
export class JanusUnauthorizedError extends JanusRequestError {}

/** Janus no longer knows the session or handle (it timed out, or Janus restarted). */
export class JanusSessionGoneError extends JanusRequestError {}

export class JanusRoomNotFoundError extends JanusRequestError {}

export class JanusRoomExistsError extends JanusRequestError {}

/** The room already has as many active publishers as it allows. */
export class JanusRoomFullError extends JanusRequestError {}

// Janus core (janus.h / apierror.h) and VideoRoom plugin error codes.
const CORE_UNAUTHORIZED = 403;
const CORE_UNAUTHORIZED_PLUGIN = 405;
const CORE_SESSION_NOT_FOUND = 458;
const CORE_HANDLE_NOT_FOUND = 459;
const VIDEOROOM_NO_SUCH_ROOM = 426;
const VIDEOROOM_ROOM_EXISTS = 427;
const VIDEOROOM_PUBLISHERS_FULL = 432;
const VIDEOROOM_UNAUTHORIZED = 433;

/** The typed error for an error code Janus (core or VideoRoom) sent back. */
export function janusErrorFor(code: number, reason: string): JanusRequestError {
  switch (code) {
    case CORE_UNAUTHORIZED:
    case CORE_UNAUTHORIZED_PLUGIN:
    case VIDEOROOM_UNAUTHORIZED:
      return new JanusUnauthorizedError(code, reason);
    case CORE_SESSION_NOT_FOUND:
    case CORE_HANDLE_NOT_FOUND:
      return new JanusSessionGoneError(code, reason);
    case VIDEOROOM_NO_SUCH_ROOM:
      return new JanusRoomNotFoundError(code, reason);
    case VIDEOROOM_ROOM_EXISTS:
      return new JanusRoomExistsError(code, reason);
    case VIDEOROOM_PUBLISHERS_FULL:
      return new JanusRoomFullError(code, reason);
    default:
      return new JanusRequestError(code, reason);
  }
}
