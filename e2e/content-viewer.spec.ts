import { expect, test, type Page } from '@playwright/test';
import { pdfFile, pngFile } from '../server/test/content-fixtures';
import { upload } from './support/contents';
import { createSharedHub, createSpace } from './support/hubs';
import { completeBasicProfile, person, signUpAndVerify, uniqueId } from './support/people';

/** The preview drawer of an item, named by its title (the item's name, kind, size and status). */
const drawerOf = (page: Page, name: string) =>
  page.getByRole('dialog', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });

test('a PDF is read as its pages with zoom, and the preview steps through the list with the arrow keys', async ({ page }) => {
  const id = uniqueId();
  const owner = person('Ines Okafor', `${id}.test`, 'Archivist');
  const hub = { name: `Lantern Works ${id}`, handle: `lantern-${id}` };

  await test.step('the owner creates a hub and a space', async () => {
    await signUpAndVerify(page, owner);
    await completeBasicProfile(page, owner);
    await createSharedHub(page, hub);
    await createSpace(page, 'Reading room', 'Everyone');
    await page.getByRole('link', { name: 'Reading room' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reading room' })).toBeVisible();
  });

  await test.step('uploads a PDF and two pictures without choosing a kind: each is recognised', async () => {
    // upload() checks the kind the dialog read from each file, then starts it.
    await upload(page, {
      kind: 'Document', name: 'annual-report.pdf', mimeType: 'application/pdf',
      buffer: pdfFile(['Annual report, page one.', 'Page two: the figures.', 'Page three: the outlook.']),
    });
    await upload(page, { kind: 'Image', name: 'harbour.png', mimeType: 'image/png', buffer: await pngFile(640, 480) });
    await upload(page, { kind: 'Image', name: 'lighthouse.png', mimeType: 'image/png', buffer: await pngFile(480, 640) });
    const list = page.getByRole('list', { name: 'Content of this space' });
    for (const name of ['annual-report.pdf', 'harbour.png', 'lighthouse.png']) {
      await expect(list.getByRole('listitem', { name })).toContainText('Ready', { timeout: 60_000 });
    }
    await expect(list.getByRole('listitem', { name: 'annual-report.pdf' })).toContainText('Document');
  });

  await test.step('opens the PDF: its pages are drawn, counted and zoomed', async () => {
    await page.getByRole('button', { name: 'Preview annual-report.pdf', exact: true }).click();
    const drawer = drawerOf(page, 'annual-report.pdf');
    await expect(drawer).toBeVisible();
    const controls = drawer.getByRole('toolbar', { name: 'PDF controls' });
    await expect(controls).toContainText('1 / 3', { timeout: 20_000 });
    const firstPage = drawer.getByRole('img', { name: 'Page 1', exact: true });
    await expect(firstPage.locator('canvas')).toBeVisible();
    const before = await firstPage.evaluate((el) => el.getBoundingClientRect().width);
    const zoomLabel = controls.locator('.zoom');
    const fitted = await zoomLabel.textContent();
    await controls.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoomLabel).not.toHaveText(fitted ?? '');
    await expect.poll(() => firstPage.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(before);
    await controls.getByRole('button', { name: 'Fit width' }).click();
    await expect(zoomLabel).toHaveText(fitted ?? '');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('opens a picture and steps to the next item with →', async () => {
    // Newest first: lighthouse.png, harbour.png, annual-report.pdf.
    await page.getByRole('button', { name: 'Preview lighthouse.png', exact: true }).click();
    const lighthouse = drawerOf(page, 'lighthouse.png');
    await expect(lighthouse.getByRole('img', { name: 'lighthouse.png' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    const harbour = drawerOf(page, 'harbour.png');
    await expect(harbour.getByRole('img', { name: 'harbour.png' })).toBeVisible();
    await harbour.getByRole('button', { name: 'Previous item' }).click();
    await expect(drawerOf(page, 'lighthouse.png')).toBeVisible();
  });
});
