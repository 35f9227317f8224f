import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { loadConfig, type Config } from '../config';
import { buildApp, type BuildAppOptions } from '../app';
import { createMailer } from '../mail/mailer';
import { createTestDatabase } from './database';
import { startSmtpCapture } from './smtp-capture';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { startContentProcessing } from '../domain/contents/start-content-processing';
import type { SignallingService } from '../meetings/signalling-service';
import type { CacheBus } from '../cache/cache-bus';
import type { Redis } from 'ioredis';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  // Tests read whatever came back; each asserts the fields it needs.
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** A multipart body (uploads); fetch sets its Content-Type with the boundary. */
  form?: FormData;
  token?: string;
  /** Sent verbatim as the Authorization header (for forged/malformed tokens). */
  authorization?: string;
  hubHandle?: string;
  headers?: Record<string, string>;
}

export interface TestServerOptions {
  /** Run the background processing of uploads (off by default: most suites only need items to stay queued). */
  processing?: boolean;
  /** Meeting signalling to use (a Redis-backed one, for several nodes); the app's own in-process one otherwise. */
  signalling?: SignallingService;
  /** Cache invalidations to use (a Redis-backed one, for several nodes); the app's own in-process one otherwise. */
  cacheBus?: CacheBus;
  /** Receives the request log, one JSON line per write (off when absent). */
  logStream?: { write(line: string): void };
  /** Receives every SQL statement the API sends (see statement-counter.ts). */
  databaseLogger?: Logger;
  /** The deployment's Redis (rate limits across nodes, readiness); none otherwise. */
  redis?: Redis;
  /** Told of each route the app registers (see isolation/route-recorder.ts). */
  onRoute?: BuildAppOptions['onRoute'];
}

/**
 * Starts the real API on a random port over a fresh database, with mail going
 * to an in-process SMTP server. Tests talk to it over HTTP only.
 */
export async function startTestServer(overrides: Partial<Config> = {}, options: TestServerOptions = {}) {
  const handle = await createTestDatabase({ logger: options.databaseLogger });
  const smtp = await startSmtpCapture();
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'convene-uploads-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: 'data/test', JWT_SECRET: 'test-secret-with-enough-entropy-0123456789' },
    {
      smtpUrl: smtp.url,
      authRateLimitPerMinute: 1000,
      loginClientFreeFailures: 1000,
      uploadsDir,
      // Test files run in parallel on busy machines; only the overload test turns the refusal on.
      overload: { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, retryAfterSeconds: 5 },
      ...overrides,
    },
  );
  const storage = await createLocalDiskStorage(config.uploadsDir);
  const processing = options.processing ? startContentProcessing({ db: handle.db, storage, config, logger: silentLogger }) : undefined;
  const app = await buildApp({
    config,
    db: handle.db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: '', from: config.mailFrom, logger: silentLogger }),
    storage,
    processing,
    signalling: options.signalling,
    cacheBus: options.cacheBus,
    redis: options.redis,
    onRoute: options.onRoute,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : undefined,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function request<T = Record<string, unknown>>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { AppType: 'social', ...opts.headers };
    if (opts.body !== undefined && !opts.form) headers['Content-Type'] ??= 'application/json';
    if (opts.token) headers.Authorization = `JWT ${opts.token}`;
    if (opts.authorization !== undefined) headers.Authorization = opts.authorization;
    if (opts.hubHandle) headers['Org-Handle'] = opts.hubHandle;
    const response = await fetch(`${url}/api/v1/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: opts.form ?? (opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)),
    });
    const text = await response.text();
    // JSON unless the API said otherwise: the text itself (the audit CSV export), or one JSON value a line (Ask's events).
    const type = response.headers.get('content-type') ?? '';
    const read = (body: string) => (/^text\//.test(type) ? body
      : /^application\/x-ndjson/.test(type) ? body.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown)
        : JSON.parse(body));
    return { status: response.status, headers: response.headers, body: (text ? read(text) : null) as T };
  }

  return {
    url,
    app,
    db: handle.db,
    /** The database's address, for child processes (workers) that open it themselves. */
    databaseUrl: handle.url,
    config,
    storage,
    mail: smtp,
    request,
    get: <T = Record<string, unknown>>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body: body ?? {} }),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body: body ?? {} }),
    async close() {
      await processing?.stop();
      await app.close();
      await smtp.close();
      await handle.close();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}
export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * A second API node over the same database and settings as `server` (as a
 * deployment runs several behind a load balancer), with its own signalling and cache bus.
 */
export async function startSecondNode(server: TestServer, signalling?: SignallingService, cacheBus?: CacheBus, redis?: Redis) {
  const app = await buildApp({
    config: server.config,
    db: server.db,
    mailer: createMailer({ smtpUrl: server.config.smtpUrl, outboxDir: '', from: server.config.mailFrom, logger: silentLogger }),
    storage: server.storage,
    signalling,
    cacheBus,
    redis,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}

const noop = () => undefined;
const silentLogger = {
  level: 'silent', fatal: noop, error: noop, warn: noop, info: noop, debug: noop, trace: noop, silent: noop,
  child: () => silentLogger,
} as unknown as import('fastify').FastifyBaseLogger;

let counter = 0;
/** A unique address in the given domain. */
export const uniqueEmail = (domain = 'example.com') =>
  `user${Date.now().toString(36)}${(counter++).toString(36)}@${domain}`;

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

/**
 * Signs a person up through the real endpoints: register, read the code from
 * the captured mail, verify. Returns the session token and the user.
 */
export async function signUp(server: TestServer, opts: { email?: string; name?: string; password?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? STRONG_PASSWORD;
  const name = opts.name ?? 'Test Person';
  const registered = await server.post<{ data: { registration: string } }>('auth/register/', { name, email, password });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const code = await server.mail.codeFor(email);
  const verified = await server.post<{ data: { token: string; user: { id: string; current_step: string } } }>(
    'auth/register/verify/', { email, code, registration: registered.body.data.registration },
  );
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { email, password, name, token: verified.body.data.token, user: verified.body.data.user };
}

/** Signs up and completes the basic profile step. */
export async function signUpWithProfile(server: TestServer, opts: Parameters<typeof signUp>[1] = {}) {
  const person = await signUp(server, opts);
  const profile = await server.patch('auth/profile/', { name: person.name, role: 'software_engineer' }, { token: person.token });
  if (profile.status !== 200) throw new Error(`profile failed: ${profile.status} ${JSON.stringify(profile.body)}`);
  return person;
}

/** Signs up, completes the profile and creates a hub; returns the person and the hub handle. */
export async function signUpWithHub(server: TestServer, opts: Parameters<typeof signUp>[1] & { handle?: string; visibility?: 'public' | 'shared'; emailDomain?: string } = {}) {
  const person = await signUpWithProfile(server, opts);
  const handle = opts.handle ?? `hub-${Date.now().toString(36)}${(counter++).toString(36)}`;
  const created = await server.post(
    'organizations/',
    { name: `Hub ${handle}`, domain_handle: handle, visibility: opts.visibility ?? 'shared', email_domain: opts.emailDomain },
    { token: person.token },
  );
  if (created.status !== 201) throw new Error(`create hub failed: ${created.status} ${JSON.stringify(created.body)}`);
  return { ...person, handle };
}
