import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventSchema, auditEventTypes } from '../../../lib/contract/audit';
import { listEnvelope } from '../../../lib/contract/envelope';
import type { MyHub } from '../../../lib/contract/hubs';
import { createHub, createUser } from '../../test/fixtures';
import { startTestServer, type ApiResponse, type RequestOptions, type TestServer } from '../../test/harness';
import {
  expectClientError, expectPrototypeIntact, hostileString, pathSegment, rawHostileBodies, text,
} from '../../test/isolation/hostile-values';

/*
 * Random and hostile query strings and path ids at the audit log, its CSV
 * export, my account activity and my sessions: the API never answers 5xx,
 * refuses with its error envelope, and what it accepts has the contract's shape.
 */

let server: TestServer;
let hub: MyHub;
let as: RequestOptions;
let memberId: string;

const NUM_RUNS = 60;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server, { email: 'audit-hostile-owner@acme.test', name: '=cmd Owner' });
  hub = await createHub(server, owner.token);
  memberId = owner.user.id;
  as = { token: owner.token, hubHandle: hub.domain_handle };
  // Some history to filter, export and page through.
  await server.patch(`organizations/${hub.domain_handle}/`, { name: 'Hostile Hub' }, as);
  await server.post('spaces/', { name: '+Space, "quoted"', visibility: 'public' }, as);
});
afterAll(async () => { await server.close(); });

/** Query values: acceptable ones mostly, hostile text now and then; lone surrogates cannot be put in a URL. */
const value = (acceptable: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 3, arbitrary: acceptable }, { weight: 2, arbitrary: text }).map((v) => v.replace(/\p{Cs}/gu, '\ufffd'));

const dates = fc.oneof(
  fc.constantFrom('2020-01-01', '2999-12-31', '0000-01-01', '9999-12-31', '1970-01-01T00:00:00Z', '2024-02-29T23:59:59.999+14:00'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
const pageNumbers = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('1', '2', '10', '100') },
  { weight: 1, arbitrary: fc.constantFrom('101', '0', '-1', '1.5', '1e3', '', 'NaN', '99999999999999999999') },
);

/** A query string from random pairs, some keys repeated (arrays), some unknown. */
function queryOf(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const pair = fc.oneof(
    ...Object.entries(fields).map(([key, arbitrary]) => arbitrary.map((v) => [key, v] as [string, string])),
    value(hostileString).map((v) => [v, 'x'] as [string, string]),
  );
  return fc.array(pair, { maxLength: 7 }).map((pairs) => `?${new URLSearchParams(pairs)}`);
}

const auditFields = {
  person: value(fc.oneof(fc.constant('MEMBER'), fc.uuid())),
  type: value(fc.constantFrom(...auditEventTypes)),
  from: value(dates),
  to: value(dates),
  page: pageNumbers,
  page_size: pageNumbers,
};

async function probe(path: string, check: (res: ApiResponse) => void, query: fc.Arbitrary<string>) {
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      const res = await server.get(`${path}${q.replaceAll('MEMBER', memberId)}`, as);
      if (res.status >= 200 && res.status < 300) {
        accepted++;
        check(res);
      } else {
        expectClientError(res.status, res.body);
      }
      expectPrototypeIntact();
    }),
    { numRuns: NUM_RUNS },
  );
  // The generators must reach the success path, or the shape checks prove nothing.
  expect(accepted).toBeGreaterThan(3);
}

describe('hostile queries', () => {
  it('GET organizations/{handle}/audit/ never fails on its side; what it answers follows the contract', async () => {
    const page = listEnvelope(auditEventSchema);
    await probe(`organizations/${hub.domain_handle}/audit/`, (res) => {
      expect(page.safeParse(res.body).success, JSON.stringify(res.body).slice(0, 300)).toBe(true);
    }, queryOf(auditFields));
  });

  it('GET organizations/{handle}/audit/export/ never fails on its side; it answers CSV with no cell a spreadsheet would run', async () => {
    await probe(`organizations/${hub.domain_handle}/audit/export/`, (res) => {
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const body = String(res.body);
      expect(body.startsWith('"time","event"')).toBe(true);
      expect(body).not.toMatch(/(^|,|\n)"[=+\-@]/);
    }, queryOf(auditFields));
  });

  it('GET auth/activity/ never fails on its side', async () => {
    const page = listEnvelope(auditEventSchema);
    await probe('auth/activity/', (res) => {
      expect(page.safeParse(res.body).success).toBe(true);
    }, queryOf({ page: pageNumbers, page_size: pageNumbers }));
  });
});

describe('hostile session ids and bodies', () => {
  it('DELETE auth/sessions/{id}/ answers 404 to anything but my own session id, never 5xx', async () => {
    const caller = await createUser(server);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uuid(), text.map(pathSegment), hostileString.map(pathSegment)), async (id) => {
        const res = await server.request('DELETE', `auth/sessions/${id || '%20'}/`, { token: caller.token });
        expectClientError(res.status, res.body);
        expectPrototypeIntact();
      }),
      { numRuns: NUM_RUNS },
    );
    expect((await server.get('auth/me/', { token: caller.token })).status).toBe(200);
  });

  it.each(rawHostileBodies)('POST auth/sessions/revoke-others/ with %s never fails on its side', async (_name, body) => {
    const caller = await createUser(server);
    const res = await server.request('POST', 'auth/sessions/revoke-others/', { token: caller.token, body });
    if (res.status !== 200) expectClientError(res.status, res.body);
    expect((await server.get('auth/me/', { token: caller.token })).status).toBe(200);
  });
});
