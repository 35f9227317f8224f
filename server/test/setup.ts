import { afterAll, expect } from 'vitest';

/*
 * A transaction is one connection, which runs one statement at a time: code
 * that sends it several at once (Promise.all over `tx`) only works because the
 * driver queues them, which pg 9 stops doing. The driver warns once; here the
 * warning fails the file that caused it.
 */
const concurrentOnOneConnection: string[] = [];
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) concurrentOnOneConnection.push(warning.stack ?? warning.message);
});
afterAll(() => {
  expect(concurrentOnOneConnection, 'statements sent at once on one connection (inside a transaction)').toEqual([]);
});
