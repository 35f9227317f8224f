import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/connect';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';
import type { SignallingService } from './meetings/signalling-service';
import type { AuthCache } from './cache/auth-cache';
import type { hubs, sessions, users } from './db/schema';
import type { Role } from '../lib/contract/settings';
import type { SpaceAccess } from './policies/spaces';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type HubRow = typeof hubs.$inferSelect;

/** The background processing of uploads; told when new work is queued so it need not wait for its next poll. */
export interface ProcessingQueue {
  notify(): void;
}

export interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  storage: Storage;
  /** Absent where nothing processes uploads (items then stay queued until a node that does picks them up). */
  processing?: ProcessingQueue;
  /** Meeting rooms served by this node, joined to other nodes through its bus. */
  signalling: SignallingService;
  /** Sessions, `auth/me/` views and hub memberships kept in process; writes invalidate them through it. */
  authCache: AuthCache;
}

export interface AuthContext {
  user: UserRow;
  session: SessionRow;
}

export interface HubContext {
  organization: HubRow;
  role: Role;
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** preHandler: requires a valid, unrevoked session; sets request.auth. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: requires membership of the hub named by Org-Handle (or the active hub); sets request.hub. */
    requireHub: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    hub: HubContext | null;
    /** The space of the path's :id with the caller's standing in it, loaded and allowed by the endpoint's space requirement. */
    space: SpaceAccess | null;
    /** The auth cache's epoch when the request was authenticated: what it remembers later must not predate a write since. */
    authEpoch: number;
  }
}

/** Narrowing helpers for handlers that run after the preHandlers. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('authenticate preHandler missing on this route');
  return request.auth;
}
export function hubOf(request: { hub: HubContext | null }): HubContext {
  if (!request.hub) throw new Error('requireHub preHandler missing on this route');
  return request.hub;
}
export function spaceAccessOf(request: { space: SpaceAccess | null }): SpaceAccess {
  if (!request.space) throw new Error('this route declares no space requirement');
  return request.space;
}
