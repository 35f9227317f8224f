import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from '../lib/constants';
import { MEETING_MAX_PARTICIPANTS, SFU_MAX_PARTICIPANTS } from '../lib/contract/meetings';
import type { S3Settings } from './storage/s3-storage';

/** Video meetings: ICE servers handed to browsers and the signalling socket's limits. */
export interface MeetingSettings {
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's `static-auth-secret`; TURN is offered only when this and turnUrls are set. */
  turnSecret?: string;
  turnTtlSeconds: number;
  /** 'relay' makes browsers send media through TURN only (hides their addresses; proves TURN works). */
  iceTransportPolicy: 'all' | 'relay';
  /** Socket ping interval; a socket that misses one is dropped and its participant leaves everyone's grid. */
  heartbeatMs: number;
  joinTimeoutMs: number;
  maxParticipants: number;
  /** Messages one socket may send: a steady rate plus a burst (ICE candidates arrive in bursts). */
  messagesPerSecond: number;
  messageBurst: number;
  /** New signalling connections per client address per minute. */
  connectRateLimitPerMinute: number;
  /** A Janus server carrying meetings' media (an SFU) instead of the mesh; maxParticipants is then the SFU's limit. */
  janus?: JanusSettings;
}

/** Janus (JANUS_URL): its HTTP API, the API secret the server uses, and the VideoRoom plugin's admin_key. */
export interface JanusSettings {
  url: string;
  apiSecret?: string;
  roomAdminKey?: string;
}

const janusSettingsOf = (env: NodeJS.ProcessEnv): JanusSettings | undefined => (env.JANUS_URL
  ? { url: env.JANUS_URL.replace(/\/$/, ''), apiSecret: env.JANUS_API_SECRET || undefined, roomAdminKey: env.JANUS_ROOM_ADMIN_KEY || undefined }
  : undefined);

/** An S3-compatible bucket for files when S3_BUCKET is set (with its keys); local disk otherwise. */
function s3SettingsOf(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too.');
  const prefix = env.S3_PREFIX ?? '';
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    // Self-hosted services (Ceph, MinIO) name the bucket in the path; AWS takes either.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}

/** An OpenAI-compatible chat completions server that writes answers (llama.cpp, Ollama, a hosted one). */
export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Public address of the web app, used in emailed links. */
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: Uint8Array;
  sessionTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /**
   * Which proxies may set X-Forwarded-For (Fastify's trustProxy): false when
   * clients connect directly, so nobody can pick their own address and dodge
   * the per-client rate limits.
   */
  trustProxy: boolean | string;
  /** Requests per minute per client on the sign-in/sign-up endpoints. */
  authRateLimitPerMinute: number;
  /** Failed sign-ins one client address may make before each further try must wait (doubling, up to a minute). */
  loginClientFreeFailures: number;
  /**
   * Tries an address gets at its emailed code (takeCodeTry). Not read from
   * the environment: it bounds guessing a 6-digit code, so only a test that
   * races the right code many times at once raises it.
   */
  verificationCodeMaxAttempts: number;
  firebase: { projectId?: string; jwksUrl: string };
  /**
   * Passkeys (WebAuthn): the relying party id (a host name, never an IP
   * address) the credentials are bound to, and the origin the browser must
   * report. Both default from appUrl.
   */
  webauthn: { rpId: string; origin: string };
  /** Where uploaded files are kept on local disk, when no S3 bucket is set. */
  uploadsDir: string;
  /** An S3-compatible bucket for the files instead of local disk (S3_*). */
  s3?: S3Settings;
  /**
   * Whether this API process works through the processing queue (PROCESSING,
   * default on). Off, uploads stay queued until a worker (`npm run worker`) takes them.
   */
  processing: boolean;
  /** How many content items are processed at once. */
  processingConcurrency: number;
  /** Time and memory one processing job may use before it is stopped and the item marked failed. */
  processingTimeoutMs: number;
  processingMemoryMb: number;
  /**
   * How long an item may stay claimed before it counts as left by a node that
   * died and goes back to the queue: the longest a crash delays an item.
   * Longer than a job may take (time limit plus saving), or live jobs are taken over too.
   */
  processingStaleAfterMs: number;
  /** On stopping a worker, how long running jobs get to finish before they go back to the queue. */
  processingStopGraceMs: number;
  /** How long a signed file address (image, video, download) stays valid. */
  fileUrlTtlSeconds: number;
  /** Redis for several API nodes (meeting signalling between nodes); absent on a single node. */
  redisUrl?: string;
  /** Prefix of this deployment's Redis channels, so several deployments can share one Redis. */
  redisPrefix: string;
  meetings: MeetingSettings;
  /**
   * When the API answers 503 (with Retry-After) instead of queueing more work,
   * judged once a second; 0 turns a check off. The mean event-loop delay is
   * how long a request waits before it is even read: at a second, letting
   * more in only grows the queue. Utilisation alone (off by default) flags a
   * loop that is busy but still keeping up.
   */
  overload: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number; retryAfterSeconds: number };
  /** Questions one person may ask per minute (Ask). */
  askRateLimitPerMinute: number;
  /** Writes answers from the retrieved passages when set (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY); answers are extractive otherwise. */
  llm?: LlmSettings;
  /**
   * Plan changes. With no payments provider they apply at once, free of
   * charge; BILLING_ADMIN_EMAILS (comma-separated) names the only people who
   * may then change a hub's plan, instead of its owner.
   */
  billing: { administrators: string[] };
  /** How long in-flight requests (uploads included) get to finish after SIGTERM before their connections are cut. */
  shutdownGraceMs: number;
  /** Bearer token that opens GET /metrics (Prometheus); without it the path does not exist. */
  metricsToken?: string;
}

/** The language model Ask writes answers with, when LLM_BASE_URL and LLM_MODEL are set. */
export const llmSettingsOf = (env: NodeJS.ProcessEnv): LlmSettings | undefined => (env.LLM_BASE_URL && env.LLM_MODEL
  ? { baseUrl: env.LLM_BASE_URL.replace(/\/$/, ''), model: env.LLM_MODEL, apiKey: env.LLM_API_KEY ?? '' }
  : undefined);

const urlList = (value: string | undefined) => (value ?? '').split(',').map((url) => url.trim()).filter(Boolean);

/** Reads JWT_SECRET, or keeps a generated one in the data folder so sessions survive restarts. */
function loadJwtSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Reads settings from `.env` at the repository root, if there is one; the environment wins. */
export function loadDotEnv(): void {
  const file = fileURLToPath(new URL('../.env', import.meta.url));
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const processingTimeoutMs = Number(env.PROCESSING_TIMEOUT_MS ?? 120_000);
  return {
    env: nodeEnv,
    host: env.HOST ?? '0.0.0.0',
    port,
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: overrides.jwtSecret ?? loadJwtSecret(env, dataDir),
    sessionTtlSeconds: Number(env.SESSION_TTL_SECONDS ?? 60 * 60 * 24 * 30),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Convene <no-reply@convene.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: !env.TRUST_PROXY || env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 20),
    loginClientFreeFailures: Number(env.LOGIN_CLIENT_FREE_FAILURES ?? 5),
    verificationCodeMaxAttempts: VERIFICATION_CODE_MAX_ATTEMPTS,
    firebase: {
      projectId: env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || undefined,
      jwksUrl:
        env.FIREBASE_JWKS_URL ??
        'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
    },
    webauthn: {
      rpId: env.WEBAUTHN_RP_ID || new URL(appUrl).hostname,
      origin: (env.WEBAUTHN_ORIGIN || new URL(appUrl).origin).replace(/\/$/, ''),
    },
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    s3: s3SettingsOf(env),
    processing: env.PROCESSING !== 'off',
    processingConcurrency: Number(env.PROCESSING_CONCURRENCY ?? 1),
    processingTimeoutMs,
    processingMemoryMb: Number(env.PROCESSING_MEMORY_MB ?? 512),
    // The time limit plus a minute to save the results (also when set but empty, as in .env.example).
    processingStaleAfterMs: Number(env.PROCESSING_STALE_AFTER_MS || processingTimeoutMs + 60_000),
    processingStopGraceMs: Number(env.PROCESSING_STOP_GRACE_MS ?? 30_000),
    fileUrlTtlSeconds: Number(env.FILE_URL_TTL_SECONDS ?? 60 * 60),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'convene:',
    meetings: {
      stunUrls: urlList(env.STUN_URLS),
      turnUrls: urlList(env.TURN_URLS),
      turnSecret: env.TURN_SECRET || undefined,
      turnTtlSeconds: Number(env.TURN_TTL_SECONDS ?? 60 * 60 * 6),
      iceTransportPolicy: env.MEETING_ICE_TRANSPORT_POLICY === 'relay' ? 'relay' : 'all',
      heartbeatMs: Number(env.MEETING_HEARTBEAT_MS ?? 2_000),
      joinTimeoutMs: Number(env.MEETING_JOIN_TIMEOUT_MS ?? 10_000),
      maxParticipants: env.JANUS_URL
        ? Number(env.MEETING_SFU_MAX_PARTICIPANTS ?? SFU_MAX_PARTICIPANTS)
        : Number(env.MEETING_MAX_PARTICIPANTS ?? MEETING_MAX_PARTICIPANTS),
      messagesPerSecond: Number(env.MEETING_MESSAGES_PER_SECOND ?? 50),
      messageBurst: Number(env.MEETING_MESSAGE_BURST ?? 200),
      connectRateLimitPerMinute: Number(env.MEETING_CONNECT_RATE_LIMIT_PER_MINUTE ?? 120),
      janus: janusSettingsOf(env),
    },
    overload: {
      maxEventLoopDelayMs: Number(env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? 1_000),
      maxEventLoopUtilization: Number(env.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION ?? 0),
      retryAfterSeconds: Number(env.OVERLOAD_RETRY_AFTER_SECONDS ?? 5),
    },
    askRateLimitPerMinute: Number(env.ASK_RATE_LIMIT_PER_MINUTE ?? 20),
    llm: llmSettingsOf(env),
    billing: { administrators: urlList(env.BILLING_ADMIN_EMAILS).map((email) => email.toLowerCase()) },
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_MS ?? 30_000),
    metricsToken: env.METRICS_TOKEN || undefined,
    ...overrides,
  };
}
