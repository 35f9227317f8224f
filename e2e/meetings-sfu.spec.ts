import { expect, test, type Page } from '@playwright/test';
import { VideoRoomControl } from '../server/meetings/janus/video-room-control';
import { janusPath, startJanus, type JanusInstance } from '../server/test/janus';
import { hubWithPeople, pagesOfPeople, signUpByApi, createHubByApi, type ApiPerson } from './support/api-people';
import {
  expectEveryoneSeesEveryone, expectVideoPlaying, joinFromLobby, NOT_FOUND_MESSAGE, openFromJoinBox, startMeetingFromHub, tileOf, tiles,
} from './support/meetings';
import { spawnConveneNode, type ConveneNode } from './support/spawn-node';

// A Janus the test starts with its own secrets, and an API process that
// carries meetings through it (JANUS_URL): every browser sends its camera
// once, to Janus, and receives everyone else's from it on one connection.

test.describe.serial('meetings through the Janus SFU', () => {
  let janus: JanusInstance | null = null;
  let node: ConveneNode | null = null;
  let people: readonly [ApiPerson, ApiPerson, ApiPerson, ApiPerson];
  let outsider: ApiPerson;
  const binary = janusPath();

  test.beforeAll(async () => {
    if (!binary) {
      if (process.env.CI) throw new Error('janus is missing: see scripts/ensure-janus.mjs');
      return;
    }
    janus = await startJanus({ binary });
    node = await spawnConveneNode({
      JANUS_URL: janus.api.url,
      JANUS_API_SECRET: janus.api.apiSecret,
      JANUS_ROOM_ADMIN_KEY: janus.roomAdminKey,
    });
    ({ people } = await hubWithPeople(node.url, ['Ada Adams', 'Ben Brooks', 'Cleo Cruz', 'Dan Diaz'], node.dataDir));
    outsider = await signUpByApi(node.url, { name: 'Otto Other', email: `otto@other-${Date.now()}.test` }, node.dataDir);
    await createHubByApi(node.url, outsider, { name: 'Other Hub', handle: `other-${Date.now()}` });
  });

  test.afterAll(async () => {
    await node?.stop();
    await janus?.stop();
  });

  test.beforeEach(() => {
    test.skip(!binary, 'janus is not installed: apt-get install -y janus, or set JANUS_PATH');
  });

  // What the API and Janus said, kept with a failed test's report.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    if (node) await testInfo.attach('convene.log', { body: node.log(), contentType: 'text/plain' });
    if (janus) await testInfo.attach('janus.log', { body: janus.log(), contentType: 'text/plain' });
  });

  test('four people meet through Janus: each sees the other three and a shared screen; nobody else gets in', async ({ browser }) => {
    const { pageOf, close } = pagesOfPeople(browser, node!.url);
    try {
      const pages = await Promise.all(people.map((who) => pageOf(who)));
      const [first] = pages;
      const link = await startMeetingFromHub(first!);
      await joinFromLobby(first!);
      for (const page of pages.slice(1)) {
        await openFromJoinBox(page, link);
        await joinFromLobby(page);
      }
      await expectEveryoneSeesEveryone(pages.map((page, index) => ({ page, name: people[index]!.name })));

      // Janus relayed it: four publishers in the meeting's room, named by their peer ids.
      const control = new VideoRoomControl({ server: janus!.api });
      const { list } = await control.request({ request: 'list', admin_key: janus!.roomAdminKey }).finally(() => control.close());
      expect((list as Array<{ num_participants: number }>).map((room) => room.num_participants)).toContain(4);

      // A shared screen is one more stream to Janus, and reaches the others as a tile of its own.
      const screenTileOf = (page: Page, name: string) => page.locator(`[data-testid="video-tile"][data-name="${name}"][data-screen="true"]`);
      const [adaPage, benPage] = pages as [Page, Page];
      const controls = adaPage.getByRole('toolbar', { name: 'Meeting controls' });
      await controls.getByRole('button', { name: 'Share screen' }).click();
      for (const page of pages.slice(1)) await expectVideoPlaying(screenTileOf(page, people[0].name));
      await expectVideoPlaying(tileOf(benPage, people[0].name));
      await controls.getByRole('button', { name: 'Stop sharing' }).click();
      for (const page of pages.slice(1)) await expect(screenTileOf(page, people[0].name)).toHaveCount(0);
      await benPage.getByRole('toolbar', { name: 'Meeting controls' }).getByRole('button', { name: 'Share screen' }).click();
      await expectVideoPlaying(screenTileOf(adaPage, people[1].name));
      await expectVideoPlaying(tileOf(adaPage, people[2].name));

      // Someone of another hub is refused by the API, and Janus's own API refuses a browser outright.
      const otto = await pageOf(outsider);
      await openFromJoinBox(otto, link);
      await expect(otto.getByText(NOT_FOUND_MESSAGE)).toBeVisible();
      const direct = await otto.evaluate(async (url) => {
        try {
          const response = await fetch(url, { method: 'POST', body: JSON.stringify({ janus: 'create', transaction: 'x' }) });
          return (await response.json() as { janus: string }).janus;
        } catch {
          return 'unreachable';
        }
      }, janus!.api.url);
      expect(['error', 'unreachable']).toContain(direct);
      // Nobody new arrived: four cameras and Ben's screen.
      for (const page of pages) await expect(tiles(page)).toHaveCount(5);
    } finally {
      await close();
    }
  });
});
