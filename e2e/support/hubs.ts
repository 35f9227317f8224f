import { expect, type Page } from '@playwright/test';

/** Creates a space from the hub home's "New space" dialog. */
export async function createSpace(page: Page, name: string, visibility: 'Everyone' | 'Shared' | 'Private') {
  await page.getByRole('button', { name: 'New space' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New space' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('radio', { name: visibility, exact: true }).check();
  await dialog.getByRole('button', { name: 'Create space' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/** Fills the create-hub form (a shared hub: invitation only) and lands on its home. */
export async function createSharedHub(page: Page, hub: { name: string; handle: string }) {
  await page.getByLabel('Hub name', { exact: true }).fill(hub.name);
  await page.getByLabel('Hub handle', { exact: true }).fill(hub.handle);
  await expect(page.getByText(`${hub.handle} is available`)).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Visibility' }).getByRole('radio', { name: /^Shared\b/ }).check();
  await page.getByRole('button', { name: 'Create hub', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: hub.name })).toBeVisible();
}
