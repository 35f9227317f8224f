import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect, test, type BrowserContext } from '@playwright/test';
import { createScratchDatabase } from '../server/db/scratch-database';
import { freeTcpPort, type SupervisedChild } from '../server/test/processes';
import { callApi, hubWithPeople, signedInContext, type ApiPerson } from './support/api-people';
import { expectEveryoneSeesEveryone, joinFromLobby, openFromJoinBox, startMeetingFromHub } from './support/meetings';
import { NODE_HEADER, nginxBinary, startReverseProxy, type ReverseProxy } from './support/nginx';
import { startObjectStore, type ObjectStore } from './support/object-store';
import { uniqueId } from './support/people';
import { spawnConveneNode, type ConveneNode } from './support/spawn-node';
import { spawnConveneWorker } from './support/spawn-worker';

// Several nodes behind a reverse proxy, as the README describes: two API nodes that do
// not process uploads, one processing worker, one PostgreSQL, one Redis, files
// in an S3 bucket (a Ceph RADOS Gateway), all behind one nginx. Clients only
// ever use the proxy's address; the X-Convene-Node header pins a request to a
// node, so "through A" and "through B" are tested without leaving the proxy.

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const METRICS_TOKEN = randomBytes(16).toString('hex');

/** In CI the deployment must be tested, so a missing program fails the run instead of skipping it. */
function missing(what: string): never {
  const reason = `needs ${what}`;
  if (process.env.CI) throw new Error(`${reason}: the ensure scripts install it when run as root on Debian`);
  test.skip(true, reason);
  throw new Error(reason);
}

/** Another loopback address than the proxy's own, so the nodes can tell the client from the proxy. */
const CLIENT_ADDRESS = '127.0.0.2';

/** Signs `who` in through `baseUrl` from `localAddress` (fetch cannot choose the address it connects from) and returns the session token. */
function signInFrom(localAddress: string, baseUrl: string, who: ApiPerson, headers: Record<string, string>): Promise<string> {
  const body = JSON.stringify({ email: who.email, password: who.password });
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('/api/v1/auth/login/', baseUrl), {
      method: 'POST',
      localAddress,
      headers: { ...headers, AppType: 'social', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => {
        const answer = JSON.parse(text) as { data?: { token?: string } };
        if (response.statusCode === 200 && answer.data?.token) resolve(answer.data.token);
        else reject(new Error(`POST auth/login/ answered ${response.statusCode}: ${text}`));
      });
    });
    request.on('error', reject).end(body);
  });
}

/** A sample's value from Prometheus text, summed over every label set of `name` whose labels contain `labels`. */
function metric(text: string, name: string, labels = ''): number {
  return text
    .split('\n')
    .filter((line) => (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

test('two API nodes, a worker, S3 storage and Redis behind one nginx serve uploads, search, meetings and sign-out', async ({ browser }) => {
  test.skip(!adminUrl, 'needs PostgreSQL for the nodes to share: set DATABASE_URL or TEST_DATABASE_URL (CI does)');
  test.setTimeout(360_000);
  const started = Date.now();
  let last = started;
  /** One line of the timeline: time since the start, and what this part took. */
  const mark = (what: string) => {
    const now = Date.now();
    console.info(`[deployment] +${String(now - started).padStart(6)} ms  ${what} (${now - last} ms)`);
    last = now;
  };
  const step = async (title: string, body: () => Promise<void>) => {
    await test.step(title, body);
    mark(title);
  };

  const nginx = nginxBinary() ?? missing('nginx (apt-get install nginx, or set NGINX_PATH)');
  const stopping: Array<() => Promise<unknown>> = [];
  const contexts: BrowserContext[] = [];
  try {
    const bucket = `convene-${uniqueId()}`;
    const store: ObjectStore = (await startObjectStore(bucket)) ?? missing("Ceph's radosgw, ceph-mon and ceph-osd (apt-get install radosgw ceph-mon ceph-osd)");
    stopping.push(store.stop);
    mark('RADOS Gateway started, bucket created');
    const database = await createScratchDatabase(adminUrl!, 'convene_e2e');
    stopping.push(database.drop);

    const proxyPort = await freeTcpPort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const shared = {
      ...store.env,
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      // Keys and channels of their own, so other runs on the same Redis never reach them.
      REDIS_PREFIX: `convene-e2e-${randomBytes(4).toString('hex')}:`,
      METRICS_TOKEN,
    };
    const apiEnv = {
      ...shared,
      APP_URL: proxyUrl,
      PROCESSING: 'off',
      // Only the proxy's X-Forwarded-For is believed, so rate limits count the real clients.
      TRUST_PROXY: '127.0.0.1',
    };
    // One after the other: the first start creates the tables.
    const a: ConveneNode = await spawnConveneNode(apiEnv);
    stopping.push(a.stop);
    const b: ConveneNode = await spawnConveneNode(apiEnv);
    stopping.push(b.stop);
    mark('API nodes A and B started');
    const worker: SupervisedChild = await spawnConveneWorker(shared);
    stopping.push(worker.stop);
    mark('processing worker started');
    const proxy: ReverseProxy = await startReverseProxy({ binary: nginx, port: proxyPort, nodes: { a: a.url, b: b.url } });
    stopping.push(proxy.stop);
    mark('nginx started');

    const through = (node: 'a' | 'b') => ({ [NODE_HEADER]: node });
    const hostOf = (node: ConveneNode) => new URL(node.url).host;
    /** The proxy's log lines of requests whose request line matches `request`. */
    const proxied = (request: RegExp) => proxy.requests().filter((line) => request.test(line.request));
    const scrape = async (node: 'a' | 'b') => {
      const response = await fetch(`${proxy.url}/metrics`, { headers: { ...through(node), Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      return response.text();
    };

    // People are made on A directly: its outbox holds their verification codes.
    const { hub, people: [ada, ben] } = await hubWithPeople(a.url, ['Ada Adams', 'Ben Brooks'], a.dataDir);
    mark('two people and a hub made');

    let requestsBefore = 0;
    await step('1. /health/ready through the proxy is 200 for both nodes', async () => {
      for (const node of ['a', 'b'] as const) {
        const response = await fetch(`${proxy.url}/health/ready`, { headers: through(node) });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ data: { status: 'ok', checks: { database: 'ok', redis: 'ok', storage: 'ok' } } });
      }
      expect(proxied(/^GET \/health\/ready /).map((line) => [line.node, line.upstream])).toEqual([['a', hostOf(a)], ['b', hostOf(b)]]);
      requestsBefore = metric(await scrape('a'), 'http_requests_total');
    });

    const word = `heliotrope${randomBytes(3).toString('hex')}`;
    // Past nginx's default 1 MB body limit, so the proxy's upload settings are part of what is tested.
    const text = `Agenda for the spring launch. We review the ${word} budget and the hiring plan.\n${
      'Minutes: the team went through the open questions one by one.\n'.repeat(20_000)}`;
    const asAda = { token: ada.token, hub: hub.handle };
    const asBen = { token: ben.token, hub: hub.handle };
    let spaceId = '';
    let contentId = '';
    await step('2. Ada uploads a document through node A', async () => {
      const { data: space } = await callApi(proxy.url, 'POST spaces/', { ...asAda, headers: through('a'), body: { name: 'Launch planning', visibility: 'public' } });
      spaceId = space.id;
      // The bare upload takes the file's bytes as the body, which the JSON helper does not send.
      const uploaded = await fetch(`${proxy.url}/api/v1/spaces/${spaceId}/contents/upload/?kind=document&name=agenda.txt`, {
        method: 'POST',
        headers: { ...through('a'), AppType: 'social', Authorization: `JWT ${ada.token}`, 'Org-Handle': hub.handle, 'Content-Type': 'text/plain' },
        body: text,
      });
      expect(uploaded.status).toBe(201);
      contentId = ((await uploaded.json()) as { data: { id: string } }).data.id;
      expect(proxied(/^POST \/api\/v1\/spaces\/[^/]+\/contents\/upload\//).map((line) => line.upstream)).toEqual([hostOf(a)]);
    });

    await step('3. the worker processes it (the API nodes do not)', async () => {
      await expect.poll(async () => (await callApi(proxy.url, 'GET spaces/:id/contents/:content_id/', {
        ...asAda, params: { id: spaceId, content_id: contentId },
      })).data.status, { timeout: 60_000, intervals: [250, 500, 1_000] }).toBe('ready');
      for (const node of ['a', 'b'] as const) expect(metric(await scrape(node), 'processing_job_duration_seconds_count')).toBe(0);
    });

    await step('4. Ben previews it through node B and finds it by search', async () => {
      await callApi(proxy.url, 'POST spaces/:id/join/', { ...asBen, headers: through('b'), params: { id: spaceId } });
      const page = await callApi(proxy.url, 'GET spaces/:id/contents/:content_id/text/', {
        ...asBen, headers: through('b'), params: { id: spaceId, content_id: contentId }, query: { page: 1 },
      });
      expect(page.data.text).toContain(word);
      const { data: item } = await callApi(proxy.url, 'GET spaces/:id/contents/:content_id/', {
        ...asBen, headers: through('b'), params: { id: spaceId, content_id: contentId },
      });
      expect(item.urls.download).toBeTruthy();
      // The original comes out of the bucket through B, byte for byte.
      const file = await fetch(new URL(item.urls.download ?? '', proxy.url), { headers: through('b') });
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(text);
      const found = await callApi(proxy.url, 'GET search/', { ...asBen, headers: through('b'), query: { q: word } });
      expect(found.data.map((result) => result.content.id)).toEqual([contentId]);
      expect(proxied(/^GET \/api\/v1\/(files|search)\//).map((line) => line.upstream)).toEqual([hostOf(b), hostOf(b)]);
    });

    await step('5. a meeting spans both nodes: Ada through A, Ben through B, each sees the other', async () => {
      const adaContext = await signedInContext(browser, proxy.url, ada);
      const benContext = await signedInContext(browser, proxy.url, ben);
      contexts.push(adaContext, benContext);
      await adaContext.setExtraHTTPHeaders(through('a'));
      await benContext.setExtraHTTPHeaders(through('b'));
      const adaPage = await adaContext.newPage();
      const benPage = await benContext.newPage();
      const link = await startMeetingFromHub(adaPage);
      expect(link.startsWith(proxy.url)).toBe(true);
      await joinFromLobby(adaPage);
      await openFromJoinBox(benPage, link);
      await joinFromLobby(benPage);
      await expectEveryoneSeesEveryone([{ page: adaPage, name: ada.name }, { page: benPage, name: ben.name }]);
      // Each node holds one of the two signalling connections.
      for (const node of ['a', 'b'] as const) expect(metric(await scrape(node), 'meeting_participants')).toBe(1);
      await Promise.all(contexts.splice(0).map((context) => context.close()));
      // The proxy logs a WebSocket once it closed: each browser's handshake carried its header to its node.
      await expect.poll(() => proxied(/^GET \/api\/v1\/meetings\/signal\//)
        .filter((line) => line.upgrade === 'websocket')
        .map((line) => `${line.node} ${line.upstream}`)
        .sort()
        .filter((line, index, all) => all.indexOf(line) === index)).toEqual([`a ${hostOf(a)}`, `b ${hostOf(b)}`]);
    });

    await step('6. signing out on A ends the session on B; the nodes see the client\'s own address', async () => {
      const token = await signInFrom(CLIENT_ADDRESS, proxy.url, ada, through('a'));
      expect((await callApi(proxy.url, 'GET auth/me/', { token, headers: through('b') })).data.email).toBe(ada.email);
      // nginx saw the client at its address and said so in X-Forwarded-For, which the nodes trust from it alone.
      const { data: sessions } = await callApi(proxy.url, 'GET auth/sessions/', { token, headers: through('b') });
      expect(sessions.find((session) => session.current)?.ip).toBe(CLIENT_ADDRESS);
      await callApi(proxy.url, 'POST auth/logout/', { token, headers: through('a') });
      const after = await fetch(`${proxy.url}/api/v1/auth/me/`, { headers: { ...through('b'), AppType: 'social', Authorization: `JWT ${token}` } });
      expect(after.status).toBe(401);
    });

    await step('7. /metrics on node A shows the requests it answered and the processing queue', async () => {
      const text = await scrape('a');
      expect(metric(text, 'http_requests_total')).toBeGreaterThan(requestsBefore);
      expect(metric(text, 'http_requests_total', 'route="/api/v1/spaces/:id/contents/upload/"')).toBe(1);
      expect(text).toMatch(/^processing_queue_depth\{status="queued"\} 0$/m);
      expect(text).toMatch(/^processing_queue_depth\{status="processing"\} 0$/m);
    });
    console.info(`[deployment] total ${Date.now() - started} ms`);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    for (const stop of stopping.reverse()) await stop();
  }
});
