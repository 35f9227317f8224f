import { afterAll, expect } from 'vitest';

/*
 * A transaction is one connection, which runs one statement at a time: code
 * that sends it several at once (Promise.all over `tx`) only works because the
 * driver queues them, which pg 9 stops doing. The driver warns once; here the
 * warning fails the file that caused it.
 *
 * Files share a worker (isolation is off), and this file runs before each of
 * them: the listener is added once per worker, and each file empties the list.
 */
const key = Symbol.for('convene.test.concurrentOnOneConnection');
const store = globalThis as typeof globalThis & { [key]?: string[] };
if (!store[key]) {
  const seen: string[] = [];
  store[key] = seen;
  process.on('warning', (warning) => {
    if (/already executing a query/.test(warning.message)) seen.push(warning.stack ?? warning.message);
  });
}
const concurrentOnOneConnection = store[key];
afterAll(() => {
  const found = concurrentOnOneConnection.splice(0);
  expect(found, 'statements sent at once on one connection (inside a transaction)').toEqual([]);
});
