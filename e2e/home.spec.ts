import { expect, test, type BrowserContext } from '@playwright/test';
import { callApi, hubWithPeople, signedInContext } from './support/api-people';

test('the hub home leads with what changed in every space, opens an item in its space, and fits a phone', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Hana Hale']);
  const as = { token: owner.token, hub: hub.handle };
  const notes: Array<{ space: string; spaceId: string; title: string; id: string }> = [];
  for (const [space, title] of [['Field notes', 'Orchid survey'], ['Hiring', 'Interview plan']] as const) {
    const created = await callApi(base, 'POST spaces/', { ...as, body: { name: space, visibility: 'public' } });
    const note = await callApi(base, 'POST spaces/:id/contents/notes/', {
      ...as, params: { id: created.data.id }, body: { title, body: `What we know about ${title.toLowerCase()}.` },
    });
    notes.push({ space, spaceId: created.data.id, title, id: note.data.id });
  }

  const contexts: BrowserContext[] = [];
  try {
    const context = await signedInContext(browser, base, owner);
    contexts.push(context);
    const page = await context.newPage();

    await test.step('both notes are listed under Recent, the newest first, each with its space', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: hub.name })).toBeVisible();
      const recent = page.getByRole('region', { name: 'Recent' }).getByRole('list', { name: 'Recent items' });
      await expect(recent.getByRole('link')).toHaveCount(2);
      await expect(recent.getByRole('link').nth(0)).toContainText('Interview plan');
      await expect(recent.getByRole('link').nth(0)).toContainText('Hiring');
      await expect(recent.getByRole('link').nth(1)).toContainText('Orchid survey');
      await expect(recent.getByRole('link').nth(1)).toContainText('Field notes');
    });

    await test.step('a note opens in its space', async () => {
      const [first] = notes;
      await page.getByRole('region', { name: 'Recent' }).getByRole('link', { name: /Orchid survey/ }).click();
      await expect(page).toHaveURL(new RegExp(`/spaces/${first!.spaceId}\\?content=${first!.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Field notes' })).toBeVisible();
      await expect(page.getByRole('dialog').filter({ hasText: 'Orchid survey' })).toBeVisible();
    });

    await test.step('on a phone the home is no wider than the screen', async () => {
      const phone = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      contexts.push(phone);
      await phone.addCookies(await context.cookies());
      const phonePage = await phone.newPage();
      await phonePage.goto('/');
      await expect(phonePage.getByRole('region', { name: 'Recent' }).getByRole('link', { name: /Interview plan/ })).toBeVisible();
      const widths = await phonePage.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    });
  } finally {
    for (const context of contexts) await context.close();
  }
});
