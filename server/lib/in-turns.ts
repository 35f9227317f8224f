import { setImmediate } from 'node:timers/promises';

/** Items handled between two turns of the event loop: each turn stays a few milliseconds however long the list. */
const ITEMS_PER_TURN = 500;

/**
 * `fn` over every item, giving the event loop a turn after each
 * ITEMS_PER_TURN, so work over tens of thousands of rows never keeps other
 * requests waiting for it.
 */
export async function mapInTurns<T, U>(items: readonly T[], fn: (item: T, index: number) => U): Promise<U[]> {
  const out: U[] = [];
  for (let start = 0; start < items.length; start += ITEMS_PER_TURN) {
    if (start > 0) await setImmediate();
    const end = Math.min(items.length, start + ITEMS_PER_TURN);
    for (let i = start; i < end; i += 1) out.push(fn(items[i]!, i));
  }
  return out;
}
