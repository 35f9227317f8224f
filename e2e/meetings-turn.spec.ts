import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { hubWithPeople, signedInContext, type ApiPerson } from './support/api-people';
import { anyRemotePicture, expectEveryoneSeesEveryone, joinFromLobby, openFromJoinBox, startMeetingFromHub, tiles } from './support/meetings';
import { spawnConveneNode, type ConveneNode } from './support/spawn-node';
import { machineIPv4, startTurnServer, turnserverPath, type TurnServer } from './support/turn';

// coturn (Debian's package) started by the test with a random shared secret,
// and an API process that hands browsers TURN credentials computed from the
// same secret and tells them to use relayed candidates only: media can only
// flow if the credentials are right.

const ALLOCATED = /ALLOCATE processed, success/;
const RELAYING = /(CHANNEL_BIND|CREATE_PERMISSION) processed, success/;

test.describe.serial('meetings through TURN only', () => {
  let turn: TurnServer | null = null;
  let node: ConveneNode | null = null;
  let people: readonly [ApiPerson, ApiPerson];
  const binary = turnserverPath();
  const host = machineIPv4() ?? '127.0.0.1';

  test.beforeAll(async () => {
    if (!binary) {
      // CI installs coturn (scripts/ensure-coturn.mjs); a developer machine may lack it.
      if (process.env.CI) throw new Error('turnserver (coturn) is missing: see scripts/ensure-coturn.mjs');
      return;
    }
    turn = await startTurnServer({ binary, host });
    node = await spawnConveneNode({
      TURN_URLS: turn.url,
      TURN_SECRET: turn.secret,
      TURN_TTL_SECONDS: '600',
      MEETING_ICE_TRANSPORT_POLICY: 'relay',
      // No STUN: the only way between the browsers is the relay.
      STUN_URLS: '',
    });
    ({ people } = await hubWithPeople(node.url, ['Ada Adams', 'Ben Brooks'], node.dataDir));
  });

  test.afterAll(async () => {
    await node?.stop();
    await turn?.stop();
  });

  test.beforeEach(() => {
    test.skip(!binary, 'coturn is not installed: apt-get install -y coturn, or set TURNSERVER_PATH');
  });

  /** Both people in one new meeting, each in a context of their own. */
  async function meet(browser: Browser, contexts: BrowserContext[]): Promise<[Page, Page]> {
    const [ada, ben] = people;
    const pages = await Promise.all([ada, ben].map(async (who) => {
      const context = await signedInContext(browser, node!.url, who);
      contexts.push(context);
      return context.newPage();
    }));
    const [adaPage, benPage] = pages as [Page, Page];
    const link = await startMeetingFromHub(adaPage);
    await joinFromLobby(adaPage);
    await openFromJoinBox(benPage, link);
    await joinFromLobby(benPage);
    return [adaPage, benPage];
  }

  test('with the right TURN credentials and relay-only browsers, video plays both ways', async ({ browser }) => {
    const contexts: BrowserContext[] = [];
    try {
      const [adaPage, benPage] = await meet(browser, contexts);
      await expectEveryoneSeesEveryone([{ page: adaPage, name: people[0].name }, { page: benPage, name: people[1].name }]);
      // The relay was really used: coturn allocated for the browsers and forwarded to a peer.
      expect(turn!.log()).toMatch(ALLOCATED);
      expect(turn!.log()).toMatch(RELAYING);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test('with credentials the TURN server does not accept, no video arrives', async ({ browser }) => {
    // The same address, another secret: the API's credentials are now wrong.
    const { port } = turn!;
    await turn!.stop();
    turn = null;
    turn = await startTurnServer({ binary: binary!, host, port });
    const contexts: BrowserContext[] = [];
    try {
      const [adaPage, benPage] = await meet(browser, contexts);
      // Signalling works: each sees the other's tile …
      await expect(tiles(adaPage)).toHaveCount(2);
      await expect(tiles(benPage)).toHaveCount(2);
      // … but for ten seconds no picture comes through.
      for (let second = 0; second < 10; second += 1) {
        expect(await anyRemotePicture(adaPage)).toBe(false);
        expect(await anyRemotePicture(benPage)).toBe(false);
        await adaPage.waitForTimeout(1_000);
      }
      expect(turn.log()).not.toMatch(ALLOCATED);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});
