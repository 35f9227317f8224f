import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('drops the least recently used entry beyond its size', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('forgets an entry once its time to live is over', () => {
    vi.useFakeTimers();
    const cache = new BoundedCache<string, number>({ maxEntries: 10, ttlMs: 1_000 });
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('deletes the entries a condition picks', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 10, ttlMs: 60_000 });
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.set(key, value);
    cache.deleteWhere((value, key) => value === 2 || key === 'c');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, undefined]);
  });
});
