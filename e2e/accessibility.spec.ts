import { expect, test, type Page } from '@playwright/test';
import { callApi, hubWithPeople, signedInContext } from './support/api-people';
import { uniqueId } from './support/people';

/* The keyboard and the side bar at a desktop size, and the phone layout. */

test.use({ viewport: { width: 1440, height: 900 } });

/** The page's content is there and nothing is still loading. */
async function settled(page: Page) {
  await expect(page.locator('#main')).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
}

test('the keyboard reaches the page first, the side bar stays put and Ctrl-K jumps to a space', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Ada Lindqvist']);
  const asOwner = { token: owner.token, hub: hub.handle };
  const spaceName = `Field notes ${uniqueId()}`;
  const { data: space } = await callApi(base, 'POST spaces/', { ...asOwner, body: { name: spaceName, visibility: 'public' } });
  await callApi(base, 'POST spaces/:id/contents/notes/', {
    ...asOwner, params: { id: space.id }, body: { title: 'Planning notes', body: 'We plan the launch for spring.' },
  });
  await callApi(base, 'PUT spaces/:id/star/', { ...asOwner, params: { id: space.id } });

  const context = await signedInContext(browser, base, owner);
  const page = await context.newPage();
  try {
    await test.step('the first Tab reaches "Skip to content", which leads into the page', async () => {
      await page.goto('/');
      await settled(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('#main')).toBeFocused();
    });

    await test.step('the side bar lists the starred space and stays put while the page scrolls', async () => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('list', { name: 'Starred' }).getByRole('link', { name: spaceName })).toBeVisible();
      const before = await nav.boundingBox();
      await page.mouse.wheel(0, 2000);
      await expect.poll(async () => (await nav.boundingBox())?.y).toBe(before?.y);
    });

    await test.step('Ctrl-K opens the palette and jumps to the space', async () => {
      await page.keyboard.press('Control+k');
      const box = page.getByRole('combobox', { name: 'Search or jump to' });
      await expect(box).toBeFocused();
      await box.fill(spaceName.slice(0, 8));
      await expect(page.getByRole('option', { name: spaceName })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));
    });
  } finally {
    await context.close();
  }
});

test('on a phone nothing is wider than the screen, and the menu opens the side bar', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Pia Moreau']);
  const { data: space } = await callApi(base, 'POST spaces/', {
    token: owner.token, hub: hub.handle, body: { name: 'Phone space', visibility: 'public' },
  });
  const context = await signedInContext(browser, base, owner);
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', `/spaces/${space.id}`, '/search?q=plan', '/meet', '/hub/settings', '/hub/billing', '/account/security']) {
      await page.goto(path);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Phone space' }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));
    await expect(drawer).toBeHidden();
  } finally {
    await context.close();
  }
});
