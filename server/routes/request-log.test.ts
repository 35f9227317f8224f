import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignalling } from '../test/signalling-client';
import { signUpWithHub, startTestServer, type TestServer } from '../test/harness';

/** The request log of a real server, line by line, as an operator would ship it. */
const lines: Array<Record<string, unknown>> = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
});
afterAll(async () => { await server.close(); });

const logText = () => JSON.stringify(lines);

describe('the request log', () => {
  it('never carries invitation tokens or file signatures', async () => {
    const invitationToken = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    const signature = 'c2lnbmF0dXJlLXRoYXQtbXVzdC1ub3QtbGVhaw';
    const session = randomUUID();
    await server.get(`invitations/${invitationToken}/`);
    await server.get(`files/${randomUUID()}/original/?expires=9999999999&session=${session}&signature=${signature}`);
    const text = logText();
    expect(text).toContain('/api/v1/invitations/[redacted]/');
    expect(text).toContain('signature=%5Bredacted%5D');
    for (const secret of [invitationToken, signature, session]) expect(text).not.toContain(secret);
  });

  it('logs a client\'s oversized WebSocket frame once, as a warning without a stack', async () => {
    const owner = await signUpWithHub(server);
    const started = await server.post<{ data: { code: string } }>('meetings/', {}, { token: owner.token, hubHandle: owner.handle });
    const client = await openSignalling(server);
    await client.join(owner.token, started.body.data.code);
    const before = lines.length;
    client.send({ type: 'signal', to: randomUUID(), description: { type: 'offer', sdp: 'x'.repeat(70 * 1024) } });
    expect((await client.closed).code).toBe(1009);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const about = lines.slice(before).filter((line) => JSON.stringify(line).includes('WS_ERR_'));
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ level: 40, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    expect(JSON.stringify(about[0])).not.toContain('stack');
    expect(lines.slice(before).filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe('requests Node cannot parse', () => {
  it('answer an address longer than the header limit with the error envelope', async () => {
    const res = await server.get(`auth/me/?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ message: 'The request is too large.', code: 'payload_too_large' });
  });
});
