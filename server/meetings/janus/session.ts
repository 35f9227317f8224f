import { JanusUnavailableError, janusErrorFor } from './errors';
import { postJanus } from './request';

/**
 * Where Janus's HTTP API is (e.g. http://127.0.0.1:8088/janus) and how to
 * authenticate: the API server uses the API secret; a participant uses a
 * token the API registered for it.
 */
export interface JanusServer {
  url: string;
  apiSecret?: string;
  token?: string;
  timeoutMs?: number;
}

export const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom';

const credentials = (server: JanusServer) => ({
  ...(server.apiSecret ? { apisecret: server.apiSecret } : {}),
  ...(server.token ? { token: server.token } : {}),
});

const sessionUrl = (server: JanusServer, sessionId: number) => `${server.url.replace(/\/$/, '')}/${sessionId}`;
export const handleUrl = (server: JanusServer, sessionId: number, handleId: number) => `${sessionUrl(server, sessionId)}/${handleId}`;

/** Sends a Janus API request with the server's credentials. */
export const postToJanus = (opts: { server: JanusServer; url: string; body: Record<string, unknown> }) =>
  postJanus({ url: opts.url, body: { ...opts.body, ...credentials(opts.server) }, timeoutMs: opts.server.timeoutMs });

function idOf(data: Record<string, unknown> | undefined, what: string): number {
  const id = data?.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new JanusUnavailableError(`Janus sent no usable id for ${what}`);
  return id;
}

/** A new Janus session; it lives while requests or keepalives arrive within Janus's session timeout (60 s by default). */
export async function createSession(opts: { server: JanusServer }): Promise<number> {
  const reply = await postToJanus({ server: opts.server, url: opts.server.url, body: { janus: 'create' } });
  return idOf(reply.data, 'the new session');
}

/** Attaches a plugin to a session and returns the handle's id. */
export async function attachPlugin(opts: { server: JanusServer; sessionId: number; plugin: string }): Promise<number> {
  const reply = await postToJanus({
    server: opts.server,
    url: sessionUrl(opts.server, opts.sessionId),
    body: { janus: 'attach', plugin: opts.plugin },
  });
  return idOf(reply.data, `the ${opts.plugin} handle`);
}

export async function keepAlive(opts: { server: JanusServer; sessionId: number }): Promise<void> {
  await postToJanus({ server: opts.server, url: sessionUrl(opts.server, opts.sessionId), body: { janus: 'keepalive' } });
}

/** Ends a session and detaches its handles (their participants leave their rooms). */
export async function destroySession(opts: { server: JanusServer; sessionId: number }): Promise<void> {
  await postToJanus({ server: opts.server, url: sessionUrl(opts.server, opts.sessionId), body: { janus: 'destroy' } });
}

/**
 * A synchronous plugin request (VideoRoom's create, destroy, allowed, list,
 * kick...) and the plugin's answer; an `error_code` in it becomes a typed error.
 */
export async function pluginRequest(opts: {
  server: JanusServer;
  sessionId: number;
  handleId: number;
  body: Record<string, unknown>;
}): Promise<Record<string, unknown>> {
  const reply = await postToJanus({
    server: opts.server,
    url: handleUrl(opts.server, opts.sessionId, opts.handleId),
    body: { janus: 'message', body: opts.body },
  });
  const data = reply.plugindata?.data;
  if (reply.janus !== 'success' || !data) throw new JanusUnavailableError(`Janus did not answer "${String(opts.body.request)}" synchronously`);
  if (typeof data.error_code === 'number') {
    throw janusErrorFor(data.error_code, typeof data.error === 'string' ? data.error : 'no reason given');
  }
  return data;
}
