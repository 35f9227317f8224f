/**
 * A map with a size bound (the least recently used entry goes first) and a
 * time to live, so a missed invalidation cannot keep an entry wrong for long.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(private readonly opts: { maxEntries: number; ttlMs: number }) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= Date.now()) return undefined;
    // Re-inserted: Map keeps insertion order, so the first key is the least recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.opts.ttlMs });
    if (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (matches(entry.value, key)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
