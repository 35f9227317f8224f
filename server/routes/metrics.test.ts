import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { openSignalling } from '../test/signalling-client';
import { insertContent } from './contents/content-test-kit';
import { createSpace, hubWithPeople } from './spaces/space-test-kit';

const TOKEN = 'metrics-test-token-0123456789';

let server: TestServer;
let closed: TestServer;
beforeAll(async () => {
  server = await startTestServer({ metricsToken: TOKEN });
  closed = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await closed.close();
});

const scrape = (baseUrl: string, authorization?: string) =>
  fetch(`${baseUrl}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });

/** The value of one series in a Prometheus text exposition, 0 when it is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const res = await scrape(closed.url, `Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
  });

  it('refuses a missing or wrong token', async () => {
    expect((await scrape(server.url)).status).toBe(401);
    expect((await scrape(server.url, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(server.url, TOKEN)).status).toBe(401);
    const res = await scrape(server.url, 'Bearer wrong');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('counts requests by route pattern, never by raw address', async () => {
    // An unknown variant: refused with 400 before anything is looked up, whoever asks.
    const series = 'http_requests_total{method="GET",route="/api/v1/files/:content_id/:variant/",status="400"}';
    const before = sample(await (await scrape(server.url, `Bearer ${TOKEN}`)).text(), series);
    const id = randomUUID();
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${server.url}/api/v1/files/${id}/no-such-variant/`)).status).toBe(400);

    const res = await scrape(server.url, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, series)).toBe(before + 3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/files/:content_id/:variant/"}')).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(id);
    // Default process metrics, the queue, meetings and the database pool are all there.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^processing_queue_depth\{status="queued"\} \d+$/m);
    expect(text).toMatch(/^processing_queue_depth\{status="processing"\} \d+$/m);
    expect(text).toMatch(/^meeting_participants 0$/m);
    expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^# TYPE processing_job_duration_seconds histogram$/m);
  });

  it("reports the event loop's delay since the previous scrape: its p50, p99 and largest", async () => {
    const read = async () => (await scrape(server.url, `Bearer ${TOKEN}`)).text();
    await read();
    // The scrape resets Node's delay monitor, whose next tick only sets a new starting point: a stall before that
    // tick goes unrecorded. Waiting a few of its 10 ms ticks makes the stall below land in the new window.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The API runs in this very process: keeping the thread busy is stalling the server's event loop.
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // busy on purpose
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stalled = await read();
    expect(sample(stalled, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.25);
    for (const series of ['nodejs_eventloop_lag_p50_seconds', 'nodejs_eventloop_lag_p99_seconds']) expect(stalled).toMatch(new RegExp(`^${series} \\d`, 'm'));
    // Each scrape starts a new window, so one stall is reported once.
    expect(sample(await read(), 'nodejs_eventloop_lag_max_seconds')).toBeLessThan(0.25);
  });

  it('gives paths no route matched one label', async () => {
    await fetch(`${server.url}/api/v1/no-such-thing/${randomUUID()}/`);
    const text = await (await scrape(server.url, `Bearer ${TOKEN}`)).text();
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
  });

  it('reads the processing queue and this node\'s meeting participants on each scrape', async () => {
    const { owner, hub } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const read = async () => (await scrape(server.url, `Bearer ${TOKEN}`)).text();
    const before = await read();
    for (const status of ['queued', 'queued', 'processing'] as const) await insertContent(server, { hub, space, by: owner }, { status });

    const meeting = await server.post<{ data: { code: string } }>('meetings/', {}, { token: owner.token, hubHandle: hub.domain_handle });
    const socket = await openSignalling(server);
    try {
      await socket.join(owner.token, meeting.body.data.code);
      const after = await read();
      expect(sample(after, 'processing_queue_depth{status="queued"}')).toBe(sample(before, 'processing_queue_depth{status="queued"}') + 2);
      expect(sample(after, 'processing_queue_depth{status="processing"}')).toBe(sample(before, 'processing_queue_depth{status="processing"}') + 1);
      expect(sample(after, 'meeting_participants')).toBe(1);
    } finally {
      socket.close();
    }
  });
});
