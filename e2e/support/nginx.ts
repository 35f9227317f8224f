import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeTcpPort, supervise } from '../../server/test/processes';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The request header that sends a request to one named node instead of either. */
export const NODE_HEADER = 'X-Convene-Node';

/** nginx's path as scripts/ensure-nginx.mjs finds or installs it; null when it cannot be had. */
export function nginxBinary(): string | null {
  const found = spawnSync(process.execPath, [path.join(root, 'scripts', 'ensure-nginx.mjs')], { encoding: 'utf8' });
  if (found.status !== 0) return null;
  return found.stdout.trim().split('\n').at(-1) || null;
}

/** One line of the proxy's access log. */
export interface ProxiedRequest {
  /** `GET /api/v1/auth/me/ HTTP/1.1` */
  request: string;
  status: number;
  /** The routing header as the client sent it ('' when absent). */
  node: string;
  /** The node's `host:port` the proxy passed the request to. */
  upstream: string;
  /** `websocket` for a WebSocket handshake. */
  upgrade: string;
}

export interface ReverseProxy {
  /** `http://127.0.0.1:<port>`: the one address clients use. */
  url: string;
  /**
   * Requests answered so far. nginx writes a line when a request ends, so a
   * WebSocket shows up once its connection closed.
   */
  requests: () => ProxiedRequest[];
  /** nginx's error log, for a failure message. */
  errors: () => string;
  stop: () => Promise<void>;
}

// Tab-separated, so the request line's spaces need no quoting.
const LOG_FIELDS = ['$request', '$status', '$http_x_convene_node', '$upstream_addr', '$http_upgrade'];

/**
 * An nginx in front of `nodes` (name → `http://host:port`), as a deployment
 * puts one before several Convene processes: round robin over all of them,
 * WebSocket upgrades passed on, uploads streamed rather than buffered, and
 * the client's address in X-Forwarded-For. A request carrying
 * `X-Convene-Node: <name>` goes to that node only. Everything (configuration,
 * logs, temp files, pid) lives in a folder of its own, removed on stop.
 */
export async function startReverseProxy(opts: { binary: string; nodes: Record<string, string>; port?: number }): Promise<ReverseProxy> {
  const port = opts.port ?? (await freeTcpPort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'convene-nginx-'));
  // When started as root, nginx's workers run as an unprivileged user, which must reach the temp folders nginx makes here.
  chmodSync(dir, 0o755);
  const hostOf = (url: string) => new URL(url).host;
  const names = Object.keys(opts.nodes);
  const upstream = (name: string, urls: string[]) => `  upstream ${name} {\n${urls.map((url) => `    server ${hostOf(url)};\n`).join('')}  }\n`;
  const file = (name: string) => path.join(dir, name);

  writeFileSync(file('nginx.conf'), `daemon off;
master_process on;
worker_processes 1;
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
events { worker_connections 1024; }
http {
  log_format convene '${LOG_FIELDS.join('\\t')}';
  access_log ${file('access.log')} convene;
  client_body_temp_path ${file('client_body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  # The value of proxy_pass below: an upstream's name, so nginx needs no resolver.
  map $http_x_convene_node $convene_upstream {
    default convene_any;
${names.map((name) => `    ${name} convene_${name};\n`).join('')}  }
${upstream('convene_any', Object.values(opts.nodes))}${names.map((name) => upstream(`convene_${name}`, [opts.nodes[name] ?? ''])).join('')}
  server {
    listen 127.0.0.1:${port};
    # Uploads of any size, passed on as they arrive (the nodes limit sizes themselves).
    client_max_body_size 0;
    proxy_request_buffering off;

    location / {
      proxy_pass http://$convene_upstream;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Meeting signalling stays open for the whole meeting.
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
  }
}
`);

  const child = spawn(opts.binary, ['-p', dir, '-c', file('nginx.conf'), '-e', file('error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const { hasExited, log, stop } = supervise(child, { cleanup: () => rmSync(dir, { recursive: true, force: true }) });
  const read = (name: string) => {
    try {
      return readFileSync(file(name), 'utf8');
    } catch {
      return '';
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  // Any answer means nginx listens (a node not ready yet would give 502).
  while (!(await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(() => true, () => false))) {
    if (hasExited() || Date.now() > deadline) {
      const output = `${log()}\n${read('error.log')}`;
      await stop();
      throw new Error(`nginx did not start on ${url}:\n${output}`);
    }
    await sleep(100);
  }

  return {
    url,
    requests: () =>
      read('access.log')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [request = '', status = '', node = '', upstreamAddress = '', upgrade = ''] = line.split('\t');
          const dash = (value: string) => (value === '-' ? '' : value);
          return { request, status: Number(status), node: dash(node), upstream: dash(upstreamAddress), upgrade: dash(upgrade) };
        }),
    errors: () => read('error.log'),
    stop,
  };
}
