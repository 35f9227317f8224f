import { JanusUnauthorizedError, janusErrorFor } from './errors';
import { parseJanusReplies, type JanusReply } from './request';
import type { JanusServer } from './session';

/** Janus answers a long poll within 30 s, with a keepalive when nothing happened. */
const POLL_TIMEOUT_MS = 40_000;

/**
 * A session's next events (Janus's HTTP long poll: it answers at once when
 * some are queued, else with a keepalive within 30 s, which is left out).
 * An error Janus sends instead (the session is gone) throws its typed error.
 */
export async function pollJanusEvents(opts: { server: JanusServer; sessionId: number; signal?: AbortSignal }): Promise<JanusReply[]> {
  const url = new URL(`${opts.server.url.replace(/\/$/, '')}/${opts.sessionId}`);
  url.searchParams.set('maxev', '10');
  if (opts.server.apiSecret) url.searchParams.set('apisecret', opts.server.apiSecret);
  if (opts.server.token) url.searchParams.set('token', opts.server.token);
  const timeout = AbortSignal.timeout(POLL_TIMEOUT_MS);
  const response = await fetch(url, { signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout });
  // Janus answers a poll with an unknown token or secret with a bare 403.
  if (response.status === 403) throw new JanusUnauthorizedError(403, 'the credentials may not read this session');
  const replies = parseJanusReplies(await response.json(), 'an event poll');
  const error = replies.find((reply) => reply.janus === 'error');
  if (error) throw janusErrorFor(error.error?.code ?? 0, error.error?.reason ?? 'no reason given');
  return replies.filter((reply) => reply.janus !== 'keepalive');
}
