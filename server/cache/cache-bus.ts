/**
 * What one API node tells the others when a write makes their cached copies
 * wrong (see auth-cache.ts for what each message drops).
 */
export type CacheMessage =
  | { kind: 'session-revoked'; sessionId: string }
  | { kind: 'user-changed'; userId: string }
  | { kind: 'membership-changed'; userId: string; hubId: string }
  | { kind: 'hub-changed'; hubId: string };

/** Invalidation messages between the API nodes of one deployment. */
export interface CacheBus {
  publish(message: CacheMessage): Promise<void>;
  /** Every message published (by any node, this one included) from now on. */
  subscribe(onMessage: (message: CacheMessage) => void): void;
  close(): Promise<void>;
}
