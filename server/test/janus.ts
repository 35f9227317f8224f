import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JanusAdmin } from '../meetings/janus/admin-tokens';
import { janusErrorFor } from '../meetings/janus/errors';
import { pollJanusEvents } from '../meetings/janus/poll-events';
import type { JanusReply } from '../meetings/janus/request';
import { freeTcpPort, supervise } from './processes';
import { attachPlugin, createSession, handleUrl, postToJanus, VIDEOROOM_PLUGIN, type JanusServer } from '../meetings/janus/session';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The Janus binary scripts/ensure-janus.mjs picks (JANUS_PATH when it is an
 * executable), finds or installs (Debian's package). Null when there is none.
 */
export function janusPath(): string | null {
  const found = spawnSync(process.execPath, [path.join(root, 'scripts', 'ensure-janus.mjs')], { encoding: 'utf8' });
  if (found.status !== 0) return null;
  return found.stdout.trim().split('\n').at(-1) || null;
}

export interface JanusInstance {
  /** The Janus API over HTTP, with the API secret the API server uses. */
  api: JanusServer & { apiSecret: string };
  /** The Admin API (stored tokens). */
  admin: JanusAdmin;
  /** The VideoRoom plugin's admin_key, without which no room can be created. */
  roomAdminKey: string;
  /** What Janus printed (the last 200 KB). */
  log: () => string;
  /** Its process id (the bench reads its CPU time). */
  pid: number;
  stop: () => Promise<void>;
}

// Everything the Debian package ships besides the VideoRoom plugin and the HTTP transport stays off.
const UNUSED_PLUGINS = ['audiobridge', 'duktape', 'echotest', 'lua', 'nosip', 'recordplay', 'sip', 'streaming', 'textroom', 'videocall', 'voicemail'];
const UNUSED_TRANSPORTS = ['websockets', 'pfunix', 'mqtt', 'nanomsg', 'rabbitmq'];
const soNames = (names: string[]) => names.map((name) => `libjanus_${name}.so`).join(',');

/**
 * Starts a private Janus with its own configuration folder: the HTTP Janus
 * API and Admin API on free ports of 127.0.0.1, an API secret (the API
 * server's way in), stored-token authentication (participants' way in),
 * an admin secret, a VideoRoom admin_key, no STUN server, and the default
 * folders the package was built with for plugins and transports.
 */
export async function startJanus(opts: { binary: string }): Promise<JanusInstance> {
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'convene-janus-'));
  const [port, adminPort] = [await freeTcpPort(), await freeTcpPort()];
  const secret = () => randomBytes(18).toString('base64url');
  const apiSecret = secret();
  const adminSecret = secret();
  const roomAdminKey = secret();
  const files: Record<string, string> = {
    'janus.jcfg': `general: {
  server_name = "convene-test"
  api_secret = "${apiSecret}"
  token_auth = true
  admin_secret = "${adminSecret}"
  session_timeout = 60
}
media: {
  rtp_port_range = "40000-48000"
}
nat: {
  nice_debug = false
  ignore_mdns = true
}
plugins: {
  disable = "${soNames(UNUSED_PLUGINS)}"
}
transports: {
  disable = "${soNames(UNUSED_TRANSPORTS)}"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
`,
    'janus.transport.http.jcfg': `general: {
  json = "compact"
  base_path = "/janus"
  http = true
  ip = "127.0.0.1"
  port = ${port}
  https = false
}
admin: {
  admin_base_path = "/admin"
  admin_http = true
  admin_ip = "127.0.0.1"
  admin_port = ${adminPort}
  admin_https = false
}
`,
    'janus.plugin.videoroom.jcfg': `general: {
  admin_key = "${roomAdminKey}"
  events = false
}
`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(configDir, name), text, { mode: 0o600 });

  // -d 3: warnings and errors only; -o: no colour codes in the log.
  const child = spawn(opts.binary, ['-F', configDir, '-C', path.join(configDir, 'janus.jcfg'), '-d', '3', '-o'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { log, hasExited, stop } = supervise(child, { cleanup: () => rmSync(configDir, { recursive: true, force: true }) });

  const url = `http://127.0.0.1:${port}/janus`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const info = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1_000) }).catch(() => null);
    if (info?.ok) break;
    if (hasExited() || Date.now() > deadline) {
      await stop();
      throw new Error(`Janus did not answer on ${url}${hasExited() ? ' (it exited)' : ''}:\n${log()}`);
    }
    await sleep(50);
  }
  return {
    api: { url, apiSecret },
    admin: { url: `http://127.0.0.1:${adminPort}/admin`, adminSecret },
    roomAdminKey,
    log,
    pid: child.pid!,
    stop,
  };
}

/** The session's next events, waiting at most `timeoutMs`. */
const pollEvents = (opts: { server: JanusServer; sessionId: number; timeoutMs?: number }) =>
  pollJanusEvents({ server: opts.server, sessionId: opts.sessionId, signal: AbortSignal.timeout(opts.timeoutMs ?? 35_000) });

export interface VideoRoomParticipant {
  sessionId: number;
  handleId: number;
  /** The plugin's answer to the join. */
  joined: Record<string, unknown>;
  nextEvents: () => Promise<JanusReply[]>;
}

/**
 * What a client of Janus's API does to enter a room, without media: a
 * session with its token or the API secret, a VideoRoom handle, then a
 * `join` (asynchronous: acknowledged at once, answered by an event).
 * Janus's refusals throw typed errors.
 */
export async function joinVideoRoom(opts: {
  url: string;
  token?: string;
  apiSecret?: string;
  join: Record<string, unknown>;
}): Promise<VideoRoomParticipant> {
  const server: JanusServer = { url: opts.url, token: opts.token, apiSecret: opts.apiSecret };
  const sessionId = await createSession({ server });
  const handleId = await attachPlugin({ server, sessionId, plugin: VIDEOROOM_PLUGIN });
  const ack = await postToJanus({
    server,
    url: handleUrl(server, sessionId, handleId),
    body: { janus: 'message', body: { request: 'join', ...opts.join } },
  });
  const deadline = Date.now() + 10_000;
  let answer: JanusReply | undefined;
  while (!answer && Date.now() < deadline) {
    const events = await pollEvents({ server, sessionId, timeoutMs: Math.max(1, deadline - Date.now()) });
    answer = events.find((reply) => reply.transaction === ack.transaction);
  }
  const joined = answer?.plugindata?.data;
  if (!joined) throw new Error(`no answer to join within 10 s: ${JSON.stringify(answer)}`);
  if (typeof joined.error_code === 'number') throw janusErrorFor(joined.error_code, String(joined.error));
  return { sessionId, handleId, joined, nextEvents: () => pollEvents({ server, sessionId }) };
}
