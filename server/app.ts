import Fastify, { type FastifyError, type FastifyServerOptions, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import underPressure from '@fastify/under-pressure';
import websocket from '@fastify/websocket';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Redis } from 'ioredis';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import authentication from './plugins/authentication';
import { AppError, isUnstorableTextError } from './lib/errors';
import { isAppOrigin } from './lib/app-origins';
import { SECURITY_HEADERS } from './lib/security-headers';
import { requestLogSerializer } from './lib/log-redaction';
import { createLocalMeetingBus } from './meetings/local-meeting-bus';
import { AuthCache } from './cache/auth-cache';
import type { CacheBus } from './cache/cache-bus';
import { createLocalCacheBus } from './cache/local-cache-bus';
import { createSignallingService, type SignallingService } from './meetings/signalling-service';
import { SIGNAL_MAX_BYTES, signalCloseCodes } from '../lib/contract/meetings';
import { fieldErrorsOf } from '../lib/contract/envelope';
import { errorMessages } from '../lib/contract/error-messages';
import { registerRoutes } from './routes';
import { HEALTH_LIVE_PATH, HEALTH_READY_PATH, registerHealthRoutes } from './ops/health';
import { METRICS_PATH, registerMetrics } from './ops/metrics';
import type { App, Deps } from './types';

export interface BuildAppOptions extends Omit<Deps, 'signalling' | 'authCache'> {
  /** Pino settings of the request log (URLs in it are redacted); off when absent. */
  logger?: { level: string; stream?: { write(line: string): void } };
  serverFactory?: FastifyServerOptions['serverFactory'];
  /** Meeting signalling; one node's own (in-process) when absent. Closed with the app. */
  signalling?: SignallingService;
  /** Cache invalidations between nodes; one node's own (in-process) when absent. Closed with the app. */
  cacheBus?: CacheBus;
  /** Where WebSocket upgrades for the API arrive, when the listening server also serves other upgrades. */
  upgradeServer?: Server;
  /** The deployment's Redis (REDIS_URL): rate limits count across nodes in it, and readiness checks it. Closed by the caller. */
  redis?: Redis;
  /** Told of each route as it is registered (the tests that compare the route table with the contract). */
  onRoute?: (route: RouteOptions) => void;
}

/** How often each node repeats which meeting participants it serves (see signalling-service.ts). */
export const PRESENCE_INTERVAL_MS = 5_000;

/**
 * How long an idle kept-alive connection stays open: longer than the 60 s
 * idle timeout of common proxies and load balancers, so they never send a
 * request down a connection the API is just closing (a reset for the client).
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Time to send a whole request: a 500 MiB upload still fits at about 2.5 Mbit/s. */
const REQUEST_TIMEOUT_MS = 30 * 60_000;
/** How often the event loop's load is read; the overload limits judge the last such period. */
const LOAD_SAMPLE_MS = 1_000;
/** Answered even when overloaded: the node is up, and its monitoring must still see it. */
const OVERLOAD_EXEMPT = new Set(['/api/v1/health/', HEALTH_LIVE_PATH, HEALTH_READY_PATH, METRICS_PATH]);

/**
 * Requests Node cannot even parse (a request line or headers over its limit,
 * broken HTTP) never reach a route: answer them with the API's error envelope
 * too, instead of Fastify's own shape.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (socket.destroyed || !socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, body] = tooLarge
    ? [431, 'Request Header Fields Too Large', { message: 'The request is too large.', code: 'payload_too_large' }]
    : [400, 'Bad Request', { message: errorMessages.unreadableRequest, code: 'validation_error' }];
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

/** The issues of a failed request validation, with their field paths (the body's, the query's). */
function validationIssues(issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>) {
  return issues.map((issue) => {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const field = issue.instancePath?.split('/')[1];
    return { path: params?.issue?.path ?? (field ? [field] : undefined), message: issue.message ?? 'Invalid value' };
  });
}

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: opts.logger ? { ...opts.logger, serializers: { req: requestLogSerializer } } : false,
    serverFactory: opts.serverFactory,
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Accept "/auth/me" as well as the spec's "/auth/me/".
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route, or the hook misses it.
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // Fastify applies its timeout options only to a server it makes itself, not
  // to one from serverFactory (where Node's 5 s keep-alive would apply). Node
  // closes an idle kept-alive connection at headersTimeout too, so it must be longer.
  app.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  app.server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;

  const signalling = opts.signalling ?? createSignallingService({
    bus: createLocalMeetingBus(),
    maxParticipants: opts.config.meetings.maxParticipants,
    presenceIntervalMs: PRESENCE_INTERVAL_MS,
  });
  app.addHook('onClose', () => signalling.close());
  const cacheBus = opts.cacheBus ?? createLocalCacheBus();
  app.addHook('onClose', () => cacheBus.close());
  const authCache = new AuthCache({ bus: cacheBus, logger: app.log });
  app.decorate('deps', {
    config: opts.config, db: opts.db, mailer: opts.mailer, storage: opts.storage, processing: opts.processing, signalling, authCache,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) void reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ message: error.message, code: error.code, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsOf(validationIssues(error.validation));
      const first = Object.values(errors)[0]?.[0];
      return reply.status(400).send({ message: first ?? 'Please check the form.', code: 'validation_error', errors });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' });
    }
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request is too large.', code: 'payload_too_large' });
    }
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'That content type is not supported.', code: 'unsupported_media_type' });
    }
    if (isUnstorableTextError(error)) {
      return reply.status(400).send({ message: 'The request contains characters that are not allowed.', code: 'validation_error' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(400).send({ message: errorMessages.unreadableRequest, code: 'validation_error' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: 'That address does not exist.', code: 'not_found' }),
  );

  // First, so every answer carries them, the overload refusal below included.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    done();
  });
  // A saturated event loop answers 503 at once rather than queueing requests
  // nobody will wait for; health still answers, since the node is up.
  const { overload } = opts.config;
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', (done) => {
    readyAt = performance.now();
    done();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: overload.maxEventLoopDelayMs,
    maxEventLoopUtilization: overload.maxEventLoopUtilization,
    sampleInterval: LOAD_SAMPLE_MS,
    // Utilisation over the last period, not since start, so the server recovers by itself.
    eventLoopUtilizationMode: 'interval',
    pressureHandler: (request) => {
      if (request.routeOptions.url && OVERLOAD_EXEMPT.has(request.routeOptions.url)) return;
      // The first two readings cover start-up (building the routes keeps the loop busy), not load.
      if (performance.now() - readyAt < 2 * LOAD_SAMPLE_MS) return;
      const error = new AppError(503, 'overloaded', 'Convene is busy right now. Please try again in a moment.');
      error.retryAfterSeconds = overload.retryAfterSeconds;
      throw error;
    },
  });
  await app.register(rateLimit, {
    global: false,
    // With Redis every node counts into the same buckets, so a limit holds for the deployment, not per node.
    ...(opts.redis ? { redis: opts.redis, nameSpace: `${opts.config.redisPrefix}rate-limit:` } : {}),
    // Redis down: requests go through unlimited rather than failing (readiness reports Redis as failed).
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      code: 'rate_limited',
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Convene API', version: '1.0.0', description: 'Hubs, spaces, knowledge and meetings.' },
      components: {
        securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <token>' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(websocket, {
    options: { maxPayload: SIGNAL_MAX_BYTES, server: opts.upgradeServer },
    // An oversized or malformed frame is the client's doing: a warning, once, without a stack.
    errorHandler(error, socket, request) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) request.log.warn({ code }, 'websocket closed: the client broke the protocol');
      else request.log.error({ err: error }, 'websocket failed');
      socket.terminate();
    },
    // "Going away" tells browsers to reconnect (to another node, or to this one once it is back).
    preClose(done) {
      for (const client of app.websocketServer.clients) client.close(signalCloseCodes.goingAway, 'Server restarting.');
      done();
    },
  });
  // Any page may open a WebSocket to any site; the handshake's Origin is the only sign of whose page it is.
  // Checked for every upgrade, whatever its route, before the socket is accepted.
  app.addHook('onRequest', async (request) => {
    const { origin } = request.headers;
    // No Origin is no browser (browsers always send one on a handshake), and a client that is not a browser can claim
    // any Origin it likes: refusing it would stop nobody, and the meetings socket still signs in with its first message.
    if (request.ws && origin !== undefined && !isAppOrigin(opts.config, origin)) {
      throw new AppError(403, 'cross_site_request', errorMessages.crossSiteRequest);
    }
  });
  await app.register(authentication);
  registerHealthRoutes(app, { redis: opts.redis });
  registerMetrics(app);
  await app.register(registerRoutes, { prefix: '/api/v1' });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
