import { expect, test, type Page } from '@playwright/test';
import { hubWithPeople, pagesOfPeople } from './support/api-people';
import { expectEveryoneSeesEveryone, expectVideoPlaying, joinFromLobby, startMeetingFromHub, tileOf } from './support/meetings';

// Chromium's fake media (playwright.config.ts) answers getDisplayMedia with a
// generated picture of a whole screen, with no picker to click through.

/** The shared-screen tile of `name` in a page's grid. */
const screenTileOf = (page: Page, name: string) =>
  page.locator(`[data-testid="video-tile"][data-name="${name}"][data-screen="true"]`);

test('one person shares the screen, the other sees it playing beside the camera, and it goes away when sharing stops', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { people: [ada, ben] } = await hubWithPeople(base, ['Ada Adams', 'Ben Brooks']);
  const { pageOf, close } = pagesOfPeople(browser, base);

  try {
    const adaPage = await pageOf(ada);
    const benPage = await pageOf(ben);
    const link = await startMeetingFromHub(adaPage);
    await joinFromLobby(adaPage);
    await benPage.goto(link);
    await joinFromLobby(benPage);
    await expectEveryoneSeesEveryone([{ page: adaPage, name: ada.name }, { page: benPage, name: ben.name }]);
    const controls = adaPage.getByRole('toolbar', { name: 'Meeting controls' });

    await test.step('Ada shares her screen: her own screen tile and Ben\'s copy of it both play', async () => {
      await controls.getByRole('button', { name: 'Share screen' }).click();
      await expect(controls.getByRole('button', { name: 'Stop sharing' })).toHaveAttribute('aria-pressed', 'true');
      await expectVideoPlaying(screenTileOf(adaPage, ada.name));
      await expect(screenTileOf(benPage, ada.name)).toHaveCount(1);
      await expect(screenTileOf(benPage, ada.name)).toHaveAttribute('data-self', 'false');
      await expectVideoPlaying(screenTileOf(benPage, ada.name));
      // The screen is a picture of its own: the fake screen is 1280×720, the fake camera 640×480.
      const size = await screenTileOf(benPage, ada.name).locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth / v.videoHeight);
      expect(size).toBeCloseTo(16 / 9, 1);
      // Her camera keeps playing next to it.
      await expectVideoPlaying(tileOf(benPage, ada.name));
    });

    await test.step('Ada stops sharing: the screen tile leaves both grids and her camera still plays', async () => {
      await controls.getByRole('button', { name: 'Stop sharing' }).click();
      await expect(controls.getByRole('button', { name: 'Share screen' })).toHaveAttribute('aria-pressed', 'false');
      await expect(screenTileOf(adaPage, ada.name)).toHaveCount(0);
      await expect(screenTileOf(benPage, ada.name)).toHaveCount(0);
      await expectVideoPlaying(tileOf(benPage, ada.name));
    });

    await test.step('Ben shares after her: Ada sees his screen, so sharing works both ways on one connection', async () => {
      await benPage.getByRole('toolbar', { name: 'Meeting controls' }).getByRole('button', { name: 'Share screen' }).click();
      await expectVideoPlaying(screenTileOf(adaPage, ben.name));
    });
  } finally {
    await close();
  }
});
