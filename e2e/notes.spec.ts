import { expect, test, type Page } from '@playwright/test';
import { callApi, hubWithPeople, signedInContext } from './support/api-people';
import { sweep } from './support/axe';
import { uniqueId } from './support/people';

/* A note written with the rich editor: formatting from the toolbar, a draft that survives a reload, the formatted preview, and search. */

async function writeNote(page: Page) {
  await page.getByRole('button', { name: 'New note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog.getByLabel('Title').fill('Launch checklist');
  const body = dialog.getByRole('textbox', { name: 'Note' });
  await body.click();
  await dialog.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('Before launch');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Checklist' }).click();
  await page.keyboard.type('Book the aurora room');
  await expect(body.getByRole('heading', { level: 2 })).toHaveText('Before launch');
  await expect(body.getByRole('listitem')).toContainText('Book the aurora room');
  await expect(body.getByRole('checkbox')).not.toBeChecked();
  // The image picker opens from the Image button; the browser's own file box never shows.
  await expect(dialog.getByLabel('Choose images')).toBeHidden();
  return dialog;
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`writes a formatted note that keeps its draft, previews formatted and is found by search (${viewport.width}px)`, async ({ browser, baseURL }) => {
    const base = baseURL!;
    const { hub, people: [owner] } = await hubWithPeople(base, ['Noor Haddad']);
    const spaceName = `Launch ${uniqueId()}`;
    const { data: space } = await callApi(base, 'POST spaces/', {
      token: owner.token, hub: hub.handle, body: { name: spaceName, visibility: 'public' },
    });
    const context = await signedInContext(browser, base, owner);
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    try {
      await page.goto(`/spaces/${space.id}`);
      let dialog = await writeNote(page);
      await sweep(page, 'note-editor');

      await test.step('a reload brings the draft back, formatted', async () => {
        await expect(dialog.getByText('Draft saved on this device')).toBeVisible();
        await page.reload();
        // The space offers to go on with the draft.
        await page.getByRole('button', { name: 'Continue note' }).click();
        dialog = page.getByRole('dialog', { name: 'New note' });
        await expect(dialog.getByText('Draft restored')).toBeVisible();
        await expect(dialog.getByRole('textbox', { name: 'Note' }).getByRole('heading', { level: 2 })).toHaveText('Before launch');
        await dialog.getByRole('button', { name: 'Create note' }).click();
        await expect(dialog).toBeHidden();
      });

      await test.step('the preview shows the heading and an unticked box, not Markdown', async () => {
        await page.getByRole('button', { name: 'Preview Launch checklist', exact: true }).click();
        const preview = page.getByRole('dialog', { name: /^Launch checklist / });
        await expect(preview.getByRole('heading', { name: 'Before launch' })).toBeVisible();
        const box = preview.getByRole('checkbox');
        await expect(box).not.toBeChecked();
        await expect(box).toBeDisabled();
        await expect(preview.getByText('- [ ]')).toHaveCount(0);
        await sweep(page, 'note-preview');
        await page.keyboard.press('Escape');
        await expect(preview).toBeHidden();
      });

      await test.step('search finds the note by a word in its checklist', async () => {
        const result = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
        // The note is indexed once it is processed, moments after saving.
        await expect(async () => {
          await page.goto('/search?q=aurora');
          await expect(result).toContainText('Launch checklist', { timeout: 3_000 });
        }).toPass({ timeout: 30_000 });
      });
    } finally {
      await context.close();
    }
  });
}
