import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { callApi, hubWithPeople, signedInContext } from './support/api-people';

/** The web app's own token route, which start-up asks for the session first. */
const TOKEN_ROUTE = /\/api\/token\/?$/;
const OFFLINE = /You.re offline — retrying/;

/** Opens the space, starts a note and waits until its draft is kept on this device. */
async function writeDraft(page: Page, spaceId: string, spaceName: string, title: string) {
  await page.goto(`/spaces/${spaceId}`);
  await expect(page.getByRole('heading', { level: 1, name: spaceName })).toBeVisible();
  await page.getByRole('button', { name: 'New note' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New note' });
  await editor.getByLabel('Title', { exact: true }).fill(title);
  await expect(editor.getByText('Draft saved on this device')).toBeVisible();
  // The last Close is the form's own (the first is the dialog's corner button).
  await editor.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(editor).toBeHidden();
}

/** The space page is back, signed in, and its note draft waits to be continued. */
async function expectDraftKept(page: Page, spaceName: string, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: spaceName })).toBeVisible();
  await page.getByRole('button', { name: 'Continue note' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New note' });
  await expect(editor.getByText('Draft restored')).toBeVisible();
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue(title);
}

test('a start-up without the server keeps the person signed in, on their page, with their drafts', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Odile Offline']);
  const spaceName = 'Field notes';
  const { data: space } = await callApi(base, 'POST spaces/', {
    token: owner.token, hub: hub.handle, body: { name: spaceName, visibility: 'shared' },
  });

  const contexts: BrowserContext[] = [];
  try {
    const context = await signedInContext(browser, base, owner);
    contexts.push(context);
    const page = await context.newPage();

    await test.step('a note draft is kept on this device', async () => {
      await writeDraft(page, space.id, spaceName, 'Orchid survey');
    });

    await test.step('a reload whose token request fails says it is offline and stays on the page', async () => {
      await page.route(TOKEN_ROUTE, (route) => route.abort());
      await page.reload();
      await expect(page.getByText(OFFLINE)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry now' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));
    });

    await test.step('once the server answers again the page loads, still signed in, and the draft is there', async () => {
      await page.unroute(TOKEN_ROUTE);
      await page.getByRole('button', { name: 'Retry now' }).click();
      await expect(page.getByText(OFFLINE)).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));
      await expectDraftKept(page, spaceName, 'Orchid survey');
    });

    await test.step('going offline during start-up, then back online, picks up by itself', async () => {
      // The page itself loads; the browser loses the network just as start-up asks for the session.
      await page.route(TOKEN_ROUTE, async (route) => {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      }, { times: 1 });
      await page.reload();
      await expect(page.getByText(OFFLINE)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));

      // Back online: the browser's online event starts the next try at once.
      await context.setOffline(false);
      await expect(page.getByText(OFFLINE)).toBeHidden();
      await expect(page).not.toHaveURL(/\/sign-in/);
      await expectDraftKept(page, spaceName, 'Orchid survey');
    });
  } finally {
    for (const context of contexts) await context.close();
  }
});
