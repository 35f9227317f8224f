import { expect, type Page } from '@playwright/test';

export interface UploadFile {
  /** The kind the Upload dialog should read from the file. */
  kind: 'Document' | 'Table' | 'Email' | 'Image' | 'Media';
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Uploads one file through the Upload dialog: picks it, checks the kind the
 * dialog read from it, starts the upload and waits until it went up.
 */
export async function upload(page: Page, file: UploadFile) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload files' });
  await dialog.locator('input[type=file]').setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
  const row = dialog.getByRole('listitem', { name: file.name });
  await expect(row.getByRole('combobox', { name: `Kind of ${file.name}` })).toBeVisible();
  await expect(row).toContainText(file.kind);
  await dialog.getByRole('button', { name: 'Upload 1 file', exact: true }).click();
  await expect(row).toContainText('Uploaded');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
