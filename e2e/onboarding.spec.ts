import { expect, test } from '@playwright/test';
import { completeBasicProfile, expectHubHome, person, signIn, signUpAndVerify, uniqueId } from './support/people';

test('a signed-out visit to the hub home goes to the sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a person signs up and creates a hub; a colleague with the same email domain joins it', async ({ page, browser }) => {
  const id = uniqueId();
  const domain = `${id}.test`;
  const ada = person('Ada Lovelace', domain, 'Software Engineer');
  const hub = { name: `Analytical Engines ${id}`, handle: `analytical-${id}` };

  await test.step('sign up, verify with the emailed code and fill the basic profile', async () => {
    await signUpAndVerify(page, ada);
    await completeBasicProfile(page, ada);
    await expect(page).toHaveURL(/\/create-hub$/);
  });

  await test.step('create a public hub open to the email domain', async () => {
    await page.getByLabel('Hub name', { exact: true }).fill(hub.name);
    await page.getByLabel('Hub handle', { exact: true }).fill(hub.handle);
    await expect(page.getByText(`${hub.handle} is available`)).toBeVisible();
    await page.getByLabel('Description', { exact: true }).fill('Where the engines are designed.');
    await page.getByRole('radiogroup', { name: 'Visibility' }).getByRole('radio', { name: /^Public\b/ }).check();
    await page.getByLabel('Email domain', { exact: true }).fill(domain);
    await page.getByRole('button', { name: 'Create hub', exact: true }).click();
    await expectHubHome(page, hub.name, ada);
  });

  await test.step('still signed in after a reload', async () => {
    await page.reload();
    await expectHubHome(page, hub.name, ada);
  });

  await test.step('sign out from a scrolled page, and the hub home is no longer reachable', async () => {
    await page.mouse.wheel(0, 400);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  await test.step('sign in again and land on the hub home', async () => {
    await signIn(page, ada);
    await expectHubHome(page, hub.name, ada);
  });

  const context = await browser.newContext();
  try {
    const colleaguePage = await context.newPage();
    const grace = person('Grace Hopper', domain, 'Product Manager');

    await test.step('a colleague with the same email domain is offered the hub', async () => {
      await signUpAndVerify(colleaguePage, grace);
      await completeBasicProfile(colleaguePage, grace);
      await expect(colleaguePage).toHaveURL(/\/join-hub$/);
      await expect(colleaguePage.getByRole('heading', { name: hub.name })).toBeVisible();
    });

    await test.step('joins it and lands on its home', async () => {
      await colleaguePage.getByRole('button', { name: `Join ${hub.name}` }).click();
      await expectHubHome(colleaguePage, hub.name, grace);
    });
  } finally {
    await context.close();
  }
});
