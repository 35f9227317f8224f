import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { JanusError, JanusTimeoutError, JanusUnavailableError, janusErrorFor } from './errors';

/** How long one request to Janus may take unless told otherwise. */
export const JANUS_REQUEST_TIMEOUT_MS = 5_000;

const replySchema = z.object({
  janus: z.string(),
  transaction: z.string().optional(),
  session_id: z.number().optional(),
  sender: z.number().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  plugindata: z.object({ plugin: z.string(), data: z.record(z.string(), z.unknown()) }).optional(),
  jsep: z.object({ type: z.string(), sdp: z.string() }).optional(),
  error: z.object({ code: z.number(), reason: z.string() }).optional(),
});

/** One message from Janus (an answer to a request, or an event). */
export type JanusReply = z.infer<typeof replySchema>;

/** Janus's own answers and events are told apart by transaction; a fresh one per request. */
export const newTransaction = () => randomBytes(12).toString('base64url');

/** Turns a parsed JSON value into Janus replies, throwing when it is not one (or not a list of them). */
export function parseJanusReplies(value: unknown, what: string): JanusReply[] {
  const parsed = z.union([replySchema, z.array(replySchema)]).safeParse(value);
  if (!parsed.success) throw new JanusUnavailableError(`Janus sent an unexpected answer to ${what}`);
  return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
}

async function fetchJson(opts: { url: string; init: RequestInit; timeoutMs: number; what: string }): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(opts.url, { ...opts.init, signal: AbortSignal.timeout(opts.timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new JanusTimeoutError(opts.timeoutMs, opts.what);
    throw new JanusUnavailableError(`Janus could not be reached at ${new URL(opts.url).origin} (${opts.what})`, { cause: error });
  }
  try {
    if (!response.ok) throw new JanusUnavailableError(`Janus answered ${opts.what} with HTTP ${response.status}`);
    return await response.json();
  } catch (error) {
    if (error instanceof JanusError) throw error;
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new JanusTimeoutError(opts.timeoutMs, opts.what);
    throw new JanusUnavailableError(`Janus answered ${opts.what} with something that is not JSON`, { cause: error });
  }
}

/**
 * Sends one request to Janus's HTTP API (`url` is the Janus API path, or a
 * session or handle under it, or the Admin API path) and returns its answer.
 * The transaction is added here; a Janus error becomes the matching typed error.
 */
export async function postJanus(opts: { url: string; body: Record<string, unknown>; timeoutMs?: number }): Promise<JanusReply> {
  const transaction = newTransaction();
  const what = `"${String(opts.body.janus)}"`;
  const value = await fetchJson({
    url: opts.url,
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...opts.body, transaction }) },
    timeoutMs: opts.timeoutMs ?? JANUS_REQUEST_TIMEOUT_MS,
    what,
  });
  const [reply] = parseJanusReplies(value, what);
  if (!reply || reply.transaction !== transaction) throw new JanusUnavailableError(`Janus answered ${what} for another transaction`);
  if (reply.janus === 'error') {
    throw janusErrorFor(reply.error?.code ?? 0, reply.error?.reason ?? 'no reason given');
  }
  return reply;
}
