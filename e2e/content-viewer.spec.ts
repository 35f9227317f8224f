import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfFile, pngFile } from '../server/test/content-fixtures';
import { callApi, hubWithPeople, signedInContext } from './support/api-people';
import { upload } from './support/contents';

// Accents: the tab of the PDF opened directly takes the name in UTF-8, not its ASCII stand-in.
const PDF_NAME = 'Relevé été.pdf';

/** The preview drawer of `name`: it is named by its title, the item's name, kind, size and status. */
const previewOf = (page: Page, name: string): Locator =>
  page.getByRole('dialog', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });

/** Opens an item's preview from the space's content list. */
async function openPreview(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Preview ${name}`, exact: true }).click();
  const drawer = previewOf(page, name);
  await expect(drawer).toBeVisible();
  return drawer;
}

test('a PDF reads page by page and zooms, an image zooms, moves to the next one and fills the screen; Escape closes the preview', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Paloma Pratt']);
  const as = { token: owner.token, hub: hub.handle };
  const space = await callApi(base, 'POST spaces/', { ...as, body: { name: 'Field guide', visibility: 'public' } });
  const context = await signedInContext(browser, base, owner);
  try {
    const page = await context.newPage();
    await page.goto(`/spaces/${space.data.id}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Field guide' });
    await expect(heading).toBeVisible();

    await test.step('uploads a three-page PDF and two images', async () => {
      await upload(page, { kind: 'Document', name: PDF_NAME, mimeType: 'application/pdf', buffer: pdfFile(['Page one.', 'Page two.', 'Page three.']) });
      await upload(page, { kind: 'Image', name: 'coast.png', mimeType: 'image/png', buffer: await pngFile(640, 480) });
      await upload(page, { kind: 'Image', name: 'dunes.png', mimeType: 'image/png', buffer: await pngFile(480, 640) });
      const list = page.getByRole('list', { name: 'Content of this space' });
      for (const name of [PDF_NAME, 'coast.png', 'dunes.png']) {
        await expect(list.getByRole('listitem', { name })).toContainText('Ready', { timeout: 60_000 });
      }
    });

    await test.step('the PDF opens on page 1 of 3, moves to page 2 and zooms; Escape closes it', async () => {
      const drawer = await openPreview(page, PDF_NAME);
      const controls = drawer.getByRole('toolbar', { name: 'PDF controls' });
      await expect(controls.getByLabel('Page 1 of 3')).toHaveText('1 / 3');
      await expect(drawer.locator('canvas').first()).toBeVisible();

      await controls.getByRole('button', { name: 'Next page' }).click();
      await expect(controls.getByLabel('Page 2 of 3')).toHaveText('2 / 3');

      const zoom = controls.locator('.zoom');
      const fitted = await zoom.textContent();
      await controls.getByRole('button', { name: 'Zoom in' }).click();
      await expect(zoom).not.toHaveText(fitted ?? '');
      const zoomedIn = await zoom.textContent();
      await controls.getByRole('button', { name: 'Zoom out' }).click();
      await expect(zoom).not.toHaveText(zoomedIn ?? '');

      // The pointer still rests on Zoom out, whose tooltip is open: Escape closes the preview all the same.
      await expect(page.getByRole('tooltip', { name: 'Zoom out' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(heading).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.data.id}$`));
    });

    await test.step('the PDF opened directly, outside the app, is named after its file', async () => {
      const listed = await callApi(base, 'GET spaces/:id/contents/', { ...as, params: { id: space.data.id } });
      const view = listed.data.find((item) => item.name === PDF_NAME)?.urls.view;
      expect(view).toBeTruthy();
      const tab = await context.newPage();
      await tab.goto(`${base}${view}`);
      // The browser's PDF viewer names the tab, not the document's <title>: read the tab's title from the browser.
      const browserSide = await context.newCDPSession(tab);
      const tabTitle = async () => {
        const { targetInfos } = await browserSide.send('Target.getTargets');
        return targetInfos.find((target) => target.type === 'page' && target.url === tab.url())?.title;
      };
      await expect.poll(tabTitle).toBe(PDF_NAME);
      await tab.close();
    });

    await test.step('an image zooms, moves to the next and back, and fills the screen', async () => {
      // Newest first: dunes.png, then coast.png.
      const dunes = await openPreview(page, 'dunes.png');
      const picture = dunes.getByRole('img', { name: 'dunes.png' });
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
      const zoom = dunes.getByRole('toolbar', { name: 'Zoom' });
      await expect(zoom).toContainText('Fit');
      await zoom.getByRole('button', { name: 'Zoom in' }).click();
      await expect(zoom).toContainText('150%');
      await expect(picture).toHaveClass(/zoomed/);

      await dunes.getByRole('button', { name: 'Next item' }).click();
      const coast = previewOf(page, 'coast.png');
      await expect(coast.getByRole('img', { name: 'coast.png' })).toBeVisible();
      await coast.getByRole('button', { name: 'Previous item' }).click();
      await expect(previewOf(page, 'dunes.png').getByRole('img', { name: 'dunes.png' })).toBeVisible();

      await dunes.getByRole('button', { name: 'Full screen' }).click();
      await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
      await dunes.getByRole('button', { name: 'Leave full screen' }).click();
      await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
      // The browser leaves full screen a frame before it tells the page (fullscreenchange); until the page knows, Escape
      // still belongs to full screen. A person presses it once the button says so.
      await expect(dunes.getByRole('button', { name: 'Full screen', exact: true })).toBeVisible();

      await page.keyboard.press('Escape');
      await expect(dunes).toBeHidden();
      await expect(heading).toBeVisible();
    });
  } finally {
    await context.close();
  }
});
