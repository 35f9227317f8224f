import type { User } from '../../lib/contract/auth';
import type { AuthContext, HubContext } from '../types';
import { BoundedCache } from './bounded-cache';
import type { CacheBus, CacheMessage } from './cache-bus';

interface Logger {
  warn(obj: object, message: string): void;
}

/** Enough for every person active on one node; the least recently used go first beyond it. */
const MAX_ENTRIES = 10_000;
/** A safety net: whatever an invalidation missed (an expired invitation, another person's new name) is right again within this. */
const TTL_MS = 60_000;

/** The hub entry of a person for an Org-Handle, or for their active hub when they send none. */
export const hubKey = (userId: string, handle: string | null) => `${userId} ${handle ?? ''}`;

/**
 * What every authenticated request reads, kept in process so the common path
 * sends no SQL: the live session a token names (with its user), the
 * `auth/me/` view of each person, and their membership of the hubs they
 * scope requests to. Writes call one of the invalidation methods after they
 * commit: this node drops the entries at once, and the bus tells the others.
 */
export class AuthCache {
  readonly sessions = new BoundedCache<string, AuthContext>({ maxEntries: MAX_ENTRIES, ttlMs: TTL_MS });
  readonly views = new BoundedCache<string, User>({ maxEntries: MAX_ENTRIES, ttlMs: TTL_MS });
  readonly hubs = new BoundedCache<string, HubContext>({ maxEntries: MAX_ENTRIES, ttlMs: TTL_MS });
  /** Counts invalidations; a value read from the database before one of them may already be stale. */
  private generation = 0;

  constructor(private readonly opts: { bus: CacheBus; logger: Logger }) {
    opts.bus.subscribe((message) => this.apply(message));
  }

  /** Taken before reading what will be remembered (see remember). */
  get epoch(): number {
    return this.generation;
  }

  /** Keeps a value read since `epoch`, unless something was invalidated meanwhile (it may predate that write). */
  remember<V>(cache: BoundedCache<string, V>, key: string, epoch: number, value: V): void {
    if (epoch === this.generation) cache.set(key, value);
  }

  /** One session was signed out. */
  sessionRevoked(sessionId: string): Promise<void> {
    return this.invalidate({ kind: 'session-revoked', sessionId });
  }

  /** The person's row, sessions (several at once) or second factors changed. */
  userChanged(userId: string): Promise<void> {
    return this.invalidate({ kind: 'user-changed', userId });
  }

  /** The person joined or left the hub, or their role in it changed. */
  membershipChanged(userId: string, hubId: string): Promise<void> {
    return this.invalidate({ kind: 'membership-changed', userId, hubId });
  }

  /** The hub itself changed (settings, archive, owner, two-factor rule) or who may join it did (invitations). */
  hubChanged(hubId: string): Promise<void> {
    return this.invalidate({ kind: 'hub-changed', hubId });
  }

  /** The one rule of what each change makes stale. */
  private apply(message: CacheMessage): void {
    this.generation += 1;
    const dropUser = (userId: string) => {
      this.sessions.deleteWhere((auth) => auth.user.id === userId);
      this.views.delete(userId);
      this.hubs.deleteWhere((_, key) => key.startsWith(hubKey(userId, null)));
    };
    switch (message.kind) {
      case 'session-revoked':
        this.sessions.deleteWhere((auth) => auth.session.id === message.sessionId);
        break;
      case 'user-changed':
        dropUser(message.userId);
        break;
      case 'membership-changed': {
        // Joining or leaving may also move the person's active hub; every view showing the hub shows its member count.
        dropUser(message.userId);
        const id = message.hubId;
        this.views.deleteWhere((view) => view.organization?.id === id || view.organizations.some((hub) => hub.id === id));
        break;
      }
      case 'hub-changed':
        this.hubs.deleteWhere((hub) => hub.organization.id === message.hubId);
        // Archiving a hub stops it being anyone's active hub, on the user rows the sessions carry.
        this.sessions.deleteWhere((auth) => auth.user.activeHubId === message.hubId);
        // Its name, member count, or whom it is offered to may show in anyone's view.
        this.views.clear();
        break;
    }
  }

  private async invalidate(message: CacheMessage): Promise<void> {
    this.apply(message);
    try {
      await this.opts.bus.publish(message);
    } catch (err) {
      // The write is committed; other nodes catch up within the TTL.
      this.opts.logger.warn({ err, message }, 'cache invalidation could not reach the other nodes');
    }
  }
}
