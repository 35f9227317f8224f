import { expect, test, type Page } from '@playwright/test';
import { hubWithPeople, pagesOfPeople } from './support/api-people';
import {
  expectEveryoneSeesEveryone,
  joinFromLobby,
  MEETING_PATH,
  NOT_FOUND_MESSAGE,
  openFromJoinBox,
  startMeetingFromHub,
  tileOf,
  tiles,
} from './support/meetings';

// Real media between browser contexts: Chromium's fake camera and microphone
// (playwright.config.ts), WebRTC over the machine's own addresses.

test('three people of a hub meet with video, see each other toggle camera and mic, and one leaves; another hub cannot get in', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const [{ people: [ada, ben, cleo] }, { people: [dora] }] = await Promise.all([
    hubWithPeople(base, ['Ada Adams', 'Ben Brooks', 'Cleo Chen']),
    hubWithPeople(base, ['Dora Diaz']),
  ]);
  const { pageOf, close } = pagesOfPeople(browser, base);

  try {
    const adaPage = await pageOf(ada);
    const benPage = await pageOf(ben);
    let link = '';

    await test.step('the owner starts a meeting from the hub home and joins it from the lobby', async () => {
      link = await startMeetingFromHub(adaPage);
      await joinFromLobby(adaPage);
      await expect(tiles(adaPage)).toHaveCount(1);
    });

    await test.step('a member pastes the link into the join box and joins; both see the other\'s video playing', async () => {
      await openFromJoinBox(benPage, link);
      await expect(benPage).toHaveURL(MEETING_PATH);
      await joinFromLobby(benPage);
      await expectEveryoneSeesEveryone([{ page: adaPage, name: ada.name }, { page: benPage, name: ben.name }]);
    });

    await test.step('the owner turns the camera off and mutes the microphone; the member sees both', async () => {
      const adaAtBen = tileOf(benPage, ada.name);
      await expect(adaAtBen).toHaveAttribute('data-camera-off', 'false');
      await expect(adaAtBen).toHaveAttribute('data-mic-muted', 'false');
      const controls = adaPage.getByRole('toolbar', { name: 'Meeting controls' });

      await controls.getByRole('button', { name: 'Turn camera off' }).click();
      await expect(controls.getByRole('button', { name: 'Turn camera on' })).toBeVisible();
      await expect(adaAtBen).toHaveAttribute('data-camera-off', 'true');

      await controls.getByRole('button', { name: 'Mute microphone' }).click();
      await expect(controls.getByRole('button', { name: 'Unmute microphone' })).toBeVisible();
      await expect(adaAtBen).toHaveAttribute('data-mic-muted', 'true');

      // Back on, so the three-way check below sees everyone's camera again.
      await controls.getByRole('button', { name: 'Turn camera on' }).click();
      await controls.getByRole('button', { name: 'Unmute microphone' }).click();
      await expect(adaAtBen).toHaveAttribute('data-camera-off', 'false');
      await expect(adaAtBen).toHaveAttribute('data-mic-muted', 'false');
    });

    let cleoPage: Page;
    await test.step('a third member joins late by the code and everyone sees everyone\'s video', async () => {
      cleoPage = await pageOf(cleo);
      await openFromJoinBox(cleoPage, new URL(link).pathname.split('/').at(-1)!);
      await joinFromLobby(cleoPage);
      await expectEveryoneSeesEveryone([
        { page: adaPage, name: ada.name },
        { page: benPage, name: ben.name },
        { page: cleoPage, name: cleo.name },
      ]);
    });

    await test.step('the third member leaves and disappears from the others\' grids', async () => {
      await cleoPage.getByRole('toolbar', { name: 'Meeting controls' }).getByRole('button', { name: 'Leave meeting' }).click();
      await expect(cleoPage.getByText('You left the meeting')).toBeVisible();
      for (const page of [adaPage, benPage]) {
        await expect(tileOf(page, cleo.name)).toHaveCount(0);
        await expect(tiles(page)).toHaveCount(2);
      }
    });

    await test.step('a person of another hub pastes the link and is told the meeting is not found', async () => {
      const doraPage = await pageOf(dora);
      await openFromJoinBox(doraPage, 'not a meeting');
      await expect(doraPage.getByText('Enter a meeting code like abc-defg-hij or paste a meeting link')).toBeVisible();
      await openFromJoinBox(doraPage, link);
      await expect(doraPage.getByText(NOT_FOUND_MESSAGE)).toBeVisible();
      await expect(doraPage.getByRole('button', { name: 'Join meeting' })).toHaveCount(0);
      await expect(tiles(adaPage)).toHaveCount(2);
    });
  } finally {
    await close();
  }
});
