import { randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext } from '@playwright/test';
import { createScratchDatabase } from '../server/db/scratch-database';
import { hubWithPeople, signedInContext } from './support/api-people';
import { expectEveryoneSeesEveryone, joinFromLobby, openFromJoinBox, startMeetingFromHub } from './support/meetings';
import { spawnConveneNode, type ConveneNode } from './support/spawn-node';

// Two API processes behind no load balancer: one person's browser talks to
// the first, the other's to the second. They share one PostgreSQL database
// and Redis, so the signalling between them can only go through Redis pub/sub.

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

test('two people connected to two different API processes sharing Redis see each other\'s video', async ({ browser }) => {
  test.skip(!adminUrl, 'needs PostgreSQL for the two processes to share: set DATABASE_URL or TEST_DATABASE_URL (CI does)');
  const database = await createScratchDatabase(adminUrl!, 'convene_e2e');
  const nodes: ConveneNode[] = [];
  const contexts: BrowserContext[] = [];
  try {
    const shared = {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      // Keys and channels of their own, so other runs on the same Redis never reach them.
      REDIS_PREFIX: `convene-e2e-${randomBytes(4).toString('hex')}:`,
    };
    // One after the other: the first start creates the tables.
    nodes.push(await spawnConveneNode(shared));
    nodes.push(await spawnConveneNode(shared));
    const [first, second] = nodes as [ConveneNode, ConveneNode];

    const { people: [ada, ben] } = await hubWithPeople(first.url, ['Ada Adams', 'Ben Brooks'], first.dataDir);
    const adaContext = await signedInContext(browser, first.url, ada);
    const benContext = await signedInContext(browser, second.url, ben);
    contexts.push(adaContext, benContext);
    const adaPage = await adaContext.newPage();
    const benPage = await benContext.newPage();

    let link = '';
    await test.step('the owner starts a meeting on the first process', async () => {
      link = await startMeetingFromHub(adaPage);
      expect(link.startsWith(first.url)).toBe(true);
      await joinFromLobby(adaPage);
    });

    await test.step('the member pastes the link into the join box of the second process and joins', async () => {
      await openFromJoinBox(benPage, link);
      await expect(benPage).toHaveURL(new URL(new URL(link).pathname, second.url).toString());
      await joinFromLobby(benPage);
    });

    await test.step('each sees the other\'s video playing', async () => {
      await expectEveryoneSeesEveryone([{ page: adaPage, name: ada.name }, { page: benPage, name: ben.name }]);
    });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await Promise.all(nodes.map((node) => node.stop()));
    await database.drop();
  }
});
