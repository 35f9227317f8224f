// @vitest-environment node
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextApiRequest, NextApiResponse } from 'next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import handler, { TOKEN_COOKIE } from '@/pages/api/token';

/** The few request/response helpers Next gives API routes, over a plain Node server. */
async function adapt(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const isJson = req.headers['content-type']?.includes('application/json');
  const cookies = Object.fromEntries(
    (req.headers.cookie ?? '').split(';').filter(Boolean).map((pair) => {
      const [name = '', ...value] = pair.trim().split('=');
      return [name, decodeURIComponent(value.join('='))];
    }),
  );
  const apiReq = Object.assign(req, { body: isJson && raw ? (JSON.parse(raw) as unknown) : raw, cookies, query: {} });
  const apiRes = Object.assign(res, {
    status(code: number) {
      res.statusCode = code;
      return apiRes;
    },
    json(body: unknown) {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(body));
      return apiRes;
    },
  });
  return { req: apiReq as unknown as NextApiRequest, res: apiRes as unknown as NextApiResponse };
}

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    void adapt(req, res).then(({ req: apiReq, res: apiRes }) => handler(apiReq, apiRes));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.unstubAllEnvs());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { data?: { token: string | null } | null; code?: string; errors?: Record<string, string[]> };
}

function call(method: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/token',
        method,
        headers: { ...(payload ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const setCookie = (answer: Answer) => answer.headers['set-cookie']?.[0] ?? '';
const sameOrigin = () => ({ Origin: `http://127.0.0.1:${port}` });

describe('/api/token', () => {
  it('GET answers null when no token is stored, never cached', async () => {
    const answer = await call('GET');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { token: null } });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('GET answers the token from the cookie', async () => {
    const answer = await call('GET', { headers: { Cookie: `${TOKEN_COOKIE}=abc.def.ghi` } });
    expect(answer.body).toEqual({ data: { token: 'abc.def.ghi' } });
  });

  it('POST stores the token in an httpOnly, SameSite=Strict cookie for 30 days', async () => {
    const answer = await call('POST', { body: { token: 'abc.def.ghi' }, headers: sameOrigin() });
    expect(answer.status).toBe(200);
    const cookie = setCookie(answer);
    expect(cookie).toContain(`${TOKEN_COOKIE}=abc.def.ghi`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    // Outside production the cookie must work on plain http.
    expect(cookie).not.toContain('Secure');
  });

  it('marks the cookie Secure in production over https, not over plain http, and when forced', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const overHttps = await call('POST', { body: { token: 't' }, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(setCookie(overHttps)).toContain('Secure');
    const overHttp = await call('POST', { body: { token: 't' } });
    expect(setCookie(overHttp)).not.toContain('Secure');
    vi.stubEnv('COOKIE_SECURE', 'true');
    const forced = await call('POST', { body: { token: 't' } });
    expect(setCookie(forced)).toContain('Secure');
  });

  it('POST refuses a missing, empty or oversized token with a field error', async () => {
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(4097) }]) {
      const answer = await call('POST', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_error');
      expect(answer.body.errors?.token?.length).toBeGreaterThan(0);
    }
    expect((await call('POST', { body: { token: 'x'.repeat(4096) } })).status).toBe(200);
  });

  it('DELETE expires the cookie', async () => {
    const answer = await call('DELETE', { headers: sameOrigin() });
    expect(answer.status).toBe(200);
    expect(setCookie(answer)).toMatch(new RegExp(`^${TOKEN_COOKIE}=;.*Max-Age=0`));
  });

  it('refuses cross-origin POST and DELETE', async () => {
    for (const method of ['POST', 'DELETE']) {
      const body = method === 'POST' ? { token: 'stolen' } : undefined;
      const answer = await call(method, { body, headers: { Origin: 'https://evil.test' } });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('forbidden');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const opaque = await call('POST', { body: { token: 't' }, headers: { Origin: 'null' } });
    expect(opaque.status).toBe(403);
  });

  it('accepts the origin of a proxy that forwards the original host', async () => {
    const answer = await call('POST', {
      body: { token: 't' },
      headers: { Origin: 'https://convene.example', 'X-Forwarded-Host': 'convene.example' },
    });
    expect(answer.status).toBe(200);
  });

  it('answers 405 with Allow for other methods', async () => {
    const answer = await call('PUT', { body: { token: 't' } });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, POST, DELETE');
  });
});
