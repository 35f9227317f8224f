import { expect, test } from '@playwright/test';
import { createSharedHub } from './support/hubs';
import { verificationCodeFor } from './support/outbox';
import { chooseOption, completeBasicProfile, person, signIn, signUpAndVerify, uniqueId } from './support/people';

/** A 64×48 PNG: the crop dialog sends the square under its round frame, which the server stores at 256×256. */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfElEQVRoge2SAQkAURTCDHwFln4XQx5fWIBNDJ+nSd2ABVhfkV3Iu6RuwAKsr8gu5F1SN2AB1ldkF/IuqRuwAOsrsgt5l9QNWID1FdmFvEvqBizA+orsQt4ldQMWYH1FdiHvkroBC7C+IruQd0ndgAVYX5FdyLukbsDjAT9qvrFLccVXPwAAAABJRU5ErkJggg==',
  'base64',
);

test('a person changes their name, job role, photo and email, then signs in with the new email', async ({ page }) => {
  const id = uniqueId();
  const ada = person('Ada Lovelace', `${id}.test`, 'Software Engineer');
  const newEmail = `ada.king@${id}-new.test`;
  const hub = { name: `Engine Works ${id}`, handle: `engine-${id}` };
  const menuButton = page.getByRole('button', { name: 'Account menu' });

  await test.step('sign up and create a hub', async () => {
    await signUpAndVerify(page, ada);
    await completeBasicProfile(page, ada);
    await createSharedHub(page, hub);
    await expect(menuButton).toContainText('AL');
  });

  await test.step('open the account settings from the avatar menu', async () => {
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(ada.name);
    await expect(menu).toContainText('Software Engineer');
    await expect(menu).toContainText(ada.email);
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  });

  await test.step('change the name and the job role', async () => {
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Name', { exact: true }).fill('Ada King');
    await chooseOption(page, 'Job role', 'Product Manager', 'Produc');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await expect(menuButton).toContainText('AK');
  });

  await test.step('upload a photo through the crop dialog and see it in the header', async () => {
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    const crop = page.getByRole('dialog', { name: 'Crop your photo' });
    await expect(crop.getByRole('slider', { name: 'Zoom' })).toBeVisible();
    // Enabled once the image has loaded and the frame is placed.
    await expect(crop.getByRole('button', { name: 'Use photo' })).toBeEnabled();
    await crop.getByRole('button', { name: 'Use photo' }).click();
    await expect(page.getByText('Photo saved.')).toBeVisible();
    await expect(crop).toBeHidden();
    const headerPhoto = menuButton.locator('img');
    await expect(headerPhoto).toHaveAttribute('src', /\/api\/v1\/auth\/photos\/photo-[0-9a-f-]+\/$/);
    await expect.poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  });

  await test.step('change the email with the code mailed to the new address', async () => {
    const email = page.getByRole('region', { name: 'Email' });
    await email.getByRole('button', { name: 'Change email' }).click();
    await email.getByLabel('New email', { exact: true }).fill(newEmail);
    await email.getByLabel('Current password', { exact: true }).fill(ada.password);
    await email.getByRole('button', { name: 'Send a code' }).click();
    await expect(email.getByText(/We sent a 6-digit code to/)).toContainText(newEmail);
    await email.getByLabel('Code', { exact: true }).fill(await verificationCodeFor(newEmail));
    await email.getByRole('button', { name: 'Confirm new email' }).click();
    await expect(page.getByText(`Your email is now ${newEmail}.`)).toBeVisible();
    await expect(email.getByText(/You sign in with/)).toContainText(newEmail);
  });

  await test.step('sign out, then sign in with the new email', async () => {
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn(page, { ...ada, email: newEmail });
    await expect(page.getByRole('heading', { level: 1, name: hub.name })).toBeVisible();
    await expect(menuButton.locator('img')).toBeVisible();
  });
});
