import { expect, test, type Locator, type Page } from '@playwright/test';
import { delimitedFile, emlFile, mp4File, pdfFile, pngFile } from '../server/test/content-fixtures';
import { upload, type UploadFile } from './support/contents';
import { createSharedHub, createSpace } from './support/hubs';
import { completeBasicProfile, person, signUpAndVerify, uniqueId } from './support/people';

/** Opens an item's preview drawer from the space's content list. */
async function openPreview(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Preview ${name}`, exact: true }).click();
  // The drawer is named by its title: the item's name, kind, size and status.
  const drawer = page.getByRole('dialog', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closePreview(page: Page, drawer: Locator) {
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

test('an owner uploads a PDF, a CSV, an email, an image and a video, previews each, and finds the PDF by a word inside it', async ({ page }) => {
  const id = uniqueId();
  const owner = person('Rosalind Reyes', `${id}.test`, 'Software Engineer');
  const hub = { name: `Heliotrope Labs ${id}`, handle: `helio-${id}` };
  const word = `zephyrine${id}`;
  const files: UploadFile[] = [
    { kind: 'Document', name: 'field-report.pdf', mimeType: 'application/pdf', buffer: pdfFile([`The ${word} survey found seven new orchids.`]) },
    { kind: 'Table', name: 'budget.csv', mimeType: 'text/csv', buffer: delimitedFile([['Item', 'Cost'], ['Microscope', 1200], ['Seeds', 35]]) },
    {
      kind: 'Email', name: 'kickoff.eml', mimeType: 'message/rfc822',
      buffer: emlFile({ subject: 'Kick-off next week', text: 'Agenda attached.', attachment: { name: 'agenda.txt', content: 'Plan the season.' } }),
    },
    { kind: 'Image', name: 'orchid.png', mimeType: 'image/png', buffer: await pngFile(640, 480) },
    { kind: 'Media', name: 'walkthrough.mp4', mimeType: 'video/mp4', buffer: mp4File(2) },
  ];

  await test.step('the owner creates a hub and a space', async () => {
    await signUpAndVerify(page, owner);
    await completeBasicProfile(page, owner);
    await createSharedHub(page, hub);
    await createSpace(page, 'Field research', 'Everyone');
    await page.getByRole('link', { name: 'Field research' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Field research' })).toBeVisible();
  });

  await test.step('uploads one file of each kind and watches them become ready', async () => {
    for (const file of files) await upload(page, file);
    const list = page.getByRole('list', { name: 'Content of this space' });
    for (const file of files) {
      await expect(list.getByRole('listitem', { name: file.name })).toContainText('Ready', { timeout: 60_000 });
    }
  });

  await test.step('opens each preview', async () => {
    const pdf = await openPreview(page, 'field-report.pdf');
    // A PDF opens on its drawn pages; the text read from it is one click away.
    await expect(pdf.locator('canvas').first()).toBeVisible();
    await pdf.getByText('Text', { exact: true }).click();
    await expect(pdf).toContainText(`${word} survey found seven new orchids`);
    await closePreview(page, pdf);

    const table = await openPreview(page, 'budget.csv');
    await expect(table.getByRole('table')).toContainText('Microscope');
    await expect(table.getByRole('table')).toContainText('1,200');
    await closePreview(page, table);

    const email = await openPreview(page, 'kickoff.eml');
    await expect(email).toContainText('Kick-off next week');
    await expect(email.getByRole('link', { name: 'Download agenda.txt' })).toBeVisible();
    await closePreview(page, email);

    const image = await openPreview(page, 'orchid.png');
    const shown = image.locator('img').first();
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await closePreview(page, image);

    const media = await openPreview(page, 'walkthrough.mp4');
    const video = media.locator('video');
    await expect(video).toBeVisible();
    // The browser fetched the file through its signed address and read how long it is.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(1);
    await closePreview(page, media);
  });

  await test.step('finds the PDF by a word inside it', async () => {
    await page.goto('/search');
    await page.getByLabel('Search the hub', { exact: true }).fill(word);
    await page.keyboard.press('Enter');
    const result = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
    await expect(result).toContainText('field-report.pdf');
    await expect(result.locator('mark').first()).toHaveText(word);
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  });

  await test.step('comes to the search and leaves it through the side bar', async () => {
    const sideBar = page.locator('nav[aria-label="Main"]');
    await sideBar.locator('a[href="/"]').click();
    await sideBar.locator('a[href="/search"]').click();
    await expect(page.getByLabel('Search the hub', { exact: true })).toBeVisible();
    await sideBar.locator('a[href="/meet"]').click();
    await expect(page).toHaveURL(/\/meet$/);
  });
});
