import { JanusRequestError } from './errors';
import { postJanus } from './request';
import { VIDEOROOM_PLUGIN } from './session';

/** Janus's Admin API (e.g. http://127.0.0.1:7088/admin) and its admin secret. */
export interface JanusAdmin {
  url: string;
  adminSecret: string;
  timeoutMs?: number;
}

const adminRequest = (admin: JanusAdmin, body: Record<string, unknown>) =>
  postJanus({ url: admin.url, body: { ...body, admin_secret: admin.adminSecret }, timeoutMs: admin.timeoutMs });

/**
 * Lets `token` use the Janus API (Janus started with token_auth): a session
 * with it can attach to the VideoRoom plugin only. Which rooms it may join is
 * up to each room's `allowed` list.
 */
export async function addJanusToken(opts: { admin: JanusAdmin; token: string }): Promise<void> {
  await adminRequest(opts.admin, { janus: 'add_token', token: opts.token, plugins: [VIDEOROOM_PLUGIN] });
}

// Janus answers an unknown token with its generic error code and this reason.
const UNKNOWN_TOKEN = { code: 490, reason: 'Error removing token' };

/**
 * Revokes a token: new requests with it are refused (sessions already open
 * stay until they end or their participant is kicked). Revoking a token Janus
 * does not know is not an error, so revoking twice is harmless.
 */
export async function removeJanusToken(opts: { admin: JanusAdmin; token: string }): Promise<void> {
  try {
    await adminRequest(opts.admin, { janus: 'remove_token', token: opts.token });
  } catch (error) {
    if (error instanceof JanusRequestError && error.code === UNKNOWN_TOKEN.code && error.reason === UNKNOWN_TOKEN.reason) return;
    throw error;
  }
}

