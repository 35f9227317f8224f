import { expect, test, type Page } from '@playwright/test';
import { callApi, hubWithPeople, pagesOfPeople, type ApiPerson } from './support/api-people';
import { controls, hostAction, joinFromLobby, openPanel, peopleInList, tileOf, tiles } from './support/meetings';

// Two people in a space meeting, each in their own browser context with
// Chromium's fake camera and microphone: the host on a laptop-sized window,
// the other on a phone-sized one (the side panel is a bottom sheet there).

const LINK = 'https://docs.example.test/agenda?week=48';

test('a space meeting: chat with a link, hands in order, reactions, the host mutes and removes, and the meeting note lands in the space', async ({ browser, baseURL }, testInfo) => {
  const base = baseURL!;
  const { hub, people: [ada, ben] } = await hubWithPeople(base, ['Ada Adams', 'Ben Brooks']);
  const space = (await callApi(base, 'POST spaces/', { token: ada.token, hub: hub.handle, body: { name: 'Design reviews', visibility: 'public' } })).data;
  const people = pagesOfPeople(browser, base);
  const pageOf = async (who: ApiPerson, viewport: { width: number; height: number }) => {
    const page = await people.pageOf(who);
    await page.setViewportSize(viewport);
    return page;
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

  try {
    const adaPage = await pageOf(ada, { width: 1440, height: 900 });
    const benPage = await pageOf(ben, { width: 390, height: 844 });
    let link = '';

    await test.step('the host starts a meeting on the space page; the other sees it there, live, and joins from it', async () => {
      await adaPage.goto(`/spaces/${space.id}`);
      await adaPage.getByRole('button', { name: 'Start a meeting' }).click();
      await expect(adaPage).toHaveURL(/\/meet\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
      link = adaPage.url();
      await joinFromLobby(adaPage);

      await benPage.goto(`/spaces/${space.id}`);
      const now = benPage.getByRole('region', { name: 'Meetings now' });
      await expect(now.getByText('Ada Adams · 1 person')).toBeVisible();
      await now.getByRole('link', { name: 'Join the meeting in Design reviews' }).click();
      await joinFromLobby(benPage);
      await expect(tiles(adaPage)).toHaveCount(2);
      await expect(tiles(benPage)).toHaveCount(2);
    });

    await test.step('a chat message arrives in the other browser, its link clickable and opening safely', async () => {
      await openPanel(adaPage, 'Chat');
      const box = adaPage.getByRole('textbox', { name: 'Message' });
      await box.fill(`Agenda for today: ${LINK}`);
      await box.press('Enter');
      await expect(box).toHaveValue('');
      await expect(adaPage.getByTestId('chat-message')).toContainText('Agenda for today');

      await expect(controls(benPage).getByRole('button', { name: 'Chat, 1 unread' })).toBeVisible();
      await openPanel(benPage, 'Chat');
      const message = benPage.getByTestId('chat-message');
      await expect(message).toContainText('Ada Adams');
      const anchor = message.getByRole('link', { name: LINK });
      await expect(anchor).toHaveAttribute('href', LINK);
      await expect(anchor).toHaveAttribute('target', '_blank');
      await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
    });

    await test.step('raised hands show in the People list in the order they went up, and on the tile', async () => {
      await benPage.keyboard.press('Escape');
      await controls(benPage).getByRole('button', { name: 'Raise hand' }).click();
      await expect(tileOf(adaPage, ben.name)).toHaveAttribute('data-hand-raised', 'true');
      await controls(adaPage).getByRole('button', { name: 'Raise hand' }).click();
      await openPanel(adaPage, 'People');
      await expect.poll(() => peopleInList(adaPage)).toEqual([ben.name, ada.name]);
      await expect(adaPage.getByTestId('participant').first()).toHaveAttribute('data-hand-raised', 'true');
      await expect(adaPage.getByTestId('participant').nth(1)).toHaveAttribute('data-hand-raised', 'true');
    });

    await test.step('a reaction floats over its sender’s tile in the other browser', async () => {
      await controls(benPage).getByRole('button', { name: 'Send a reaction' }).click();
      await benPage.getByRole('button', { name: 'React with Applause' }).click();
      await expect(tileOf(adaPage, ben.name).getByTestId('reaction')).toHaveText('👏');
      await expect(tileOf(benPage, ben.name).getByTestId('reaction')).toHaveText('👏');
      await shot(benPage, 'meeting-390x844');
      await openPanel(adaPage, 'Chat');
      await shot(adaPage, 'meeting-1440x900-chat');
      await benPage.keyboard.press('Escape');
      await openPanel(benPage, 'Chat');
      await expect(benPage.getByRole('textbox', { name: 'Message' })).toBeInViewport();
      await shot(benPage, 'meeting-390x844-chat');
      await benPage.keyboard.press('Escape');
    });

    await test.step('the host mutes the other, who sees their microphone off and why', async () => {
      await expect(tileOf(adaPage, ben.name)).toHaveAttribute('data-mic-muted', 'false');
      await hostAction(adaPage, ben.name, 'Mute microphone');
      await expect(benPage.getByText('Ada Adams muted your microphone', { exact: false })).toBeVisible();
      await expect(controls(benPage).getByRole('button', { name: 'Unmute microphone' })).toBeVisible();
      await expect(tileOf(adaPage, ben.name)).toHaveAttribute('data-mic-muted', 'true');
    });

    await test.step('the host removes the other, who is told so and cannot come back', async () => {
      await hostAction(adaPage, ben.name, 'Remove from meeting');
      await adaPage.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await expect(benPage.getByText('The host removed you from the meeting.')).toBeVisible();
      await expect(tiles(adaPage)).toHaveCount(1);

      await benPage.goto(link);
      await benPage.getByRole('button', { name: 'Join meeting', exact: true }).click();
      await expect(benPage.getByText('The host removed you from the meeting.')).toBeVisible();
      await expect(tiles(adaPage)).toHaveCount(1);
    });

    await test.step('once everyone has left, the meeting’s note with its chat is in the space', async () => {
      await controls(adaPage).getByRole('button', { name: 'Leave meeting' }).click();
      await expect(adaPage.getByText('You left the meeting')).toBeVisible();
      await expect(async () => {
        await adaPage.goto(`/spaces/${space.id}`);
        await expect(adaPage.getByText(/^Meeting \d{1,2} \w{3} \d{4}/).first()).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
      await adaPage.getByText(/^Meeting \d{1,2} \w{3} \d{4}/).first().click();
      await expect(adaPage.getByText('Agenda for today', { exact: false }).first()).toBeVisible();
    });
  } finally {
    await people.close();
  }
});
