import { expect, type Page } from '@playwright/test';

export interface UploadFile {
  kind: 'Document' | 'Table' | 'Email' | 'Image' | 'Media';
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Uploads one file of a kind through the Upload dialog and waits until the dialog says it went up. */
export async function upload(page: Page, file: UploadFile) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload files' });
  await dialog.getByRole('radiogroup', { name: 'Kind of content' }).getByText(file.kind, { exact: true }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
  await expect(dialog.getByRole('listitem', { name: file.name })).toContainText('Uploaded');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
