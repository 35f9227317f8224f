import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequests } from '../../db/schema';
import { signUp, startTestServer, uniqueEmail, type ApiResponse, type TestServer } from '../../test/harness';

/*
 * Whether an address has an account must not show in status, body or time.
 * Each endpoint is called 30 times for existing and 30 times for unknown
 * addresses, interleaved so that load on the machine hits both alike, and
 * the medians must lie within 10 ms of each other.
 */
let server: TestServer;
let existing: string[];
const TRIES = 30;
beforeAll(async () => {
  server = await startTestServer();
  existing = [];
  for (let i = 0; i < TRIES; i++) existing.push((await signUp(server)).email);
  // Their sign-ups took the addresses' mail slots a moment ago; the comparison is about what comes after.
  await server.db.update(mailRequests).set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) });
}, 300_000);
afterAll(async () => { await server.close(); });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

async function timed(call: () => Promise<ApiResponse>) {
  const start = performance.now();
  const res = await call();
  return { ms: performance.now() - start, status: res.status, body: res.body };
}

/** Masks the address in a body, so answers about different addresses compare equal. */
const shape = (body: unknown, email: string) => JSON.parse(JSON.stringify(body).split(email).join('<email>')) as unknown;

/** Calls `send` for each existing address and a fresh unknown one in turn; returns both sides' answers and times. */
async function compare(send: (email: string) => Promise<ApiResponse>) {
  const known: Array<Awaited<ReturnType<typeof timed>>> = [];
  const unknown: Array<Awaited<ReturnType<typeof timed>>> = [];
  for (const email of existing) {
    const stranger = uniqueEmail();
    const a = await timed(() => send(email));
    const b = await timed(() => send(stranger));
    known.push({ ...a, body: shape(a.body, email) });
    unknown.push({ ...b, body: shape(b.body, stranger) });
  }
  return { known, unknown, knownMedian: median(known.map((a) => a.ms)), unknownMedian: median(unknown.map((a) => a.ms)) };
}

describe('no answer tells whether an address has an account', () => {
  it.each([
    ['POST auth/password/forgot/', (email: string) => server.post('auth/password/forgot/', { email })],
    ['POST auth/register/resend/', (email: string) => server.post('auth/register/resend/', { email, registration: 'a-registration' })],
    ['POST auth/register/verify/', (email: string) => server.post('auth/register/verify/', { email, code: '123456', registration: 'a-registration' })],
  ])('%s answers existing and unknown addresses with the same status, body and time', async (route, send) => {
    const result = await compare(send);
    result.known.forEach((answer, i) => {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: result.unknown[i]!.status, body: result.unknown[i]!.body });
    });
    console.info(`${route}: median ${result.knownMedian.toFixed(1)} ms existing vs ${result.unknownMedian.toFixed(1)} ms unknown`);
    expect(Math.abs(result.knownMedian - result.unknownMedian)).toBeLessThan(10);
  }, 120_000);

  it('a second request within the minute is refused alike for existing and unknown addresses', async () => {
    const unknown = uniqueEmail();
    const person = existing[0]!;
    for (const route of ['auth/password/forgot/', 'auth/register/resend/']) {
      await server.post(route, { email: unknown });
      await server.post(route, { email: person });
      const [a, b] = [await server.post(route, { email: person }), await server.post(route, { email: unknown })];
      expect(a.status).toBe(429);
      expect(b.status).toBe(429);
      expect((a.body as { code: string }).code).toBe((b.body as { code: string }).code);
    }
  });
});
