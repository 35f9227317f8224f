import { expect, test } from '@playwright/test';
import { FREE_PLAN } from '../lib/plans';
import { callApi, hubWithPeople, signedInContext } from './support/api-people';
import { createSpace } from './support/hubs';

test('an owner whose free plan is full upgrades from Billing, after seeing what changes, and adds the next space', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Priya Patel']);
  const asOwner = { token: owner.token, hub: hub.handle };
  for (let i = 1; i <= FREE_PLAN.limits.spaces; i++) {
    await callApi(base, 'POST spaces/', { ...asOwner, body: { name: `Team space ${i}`, visibility: 'public' } });
  }

  const context = await signedInContext(browser, base, owner);
  try {
    const page = await context.newPage();

    await test.step('the sixth space is refused with the way to upgrade', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: hub.name })).toBeVisible();
      await page.getByRole('button', { name: 'New space' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New space' });
      await dialog.getByLabel('Name', { exact: true }).fill('Team space 6');
      await dialog.getByRole('button', { name: 'Create space' }).click();
      await expect(dialog.getByText('This hub’s plan is full')).toBeVisible();
      await expect(dialog.getByText(/Upgrade to Team on the Billing page\./)).toBeVisible();
      await dialog.getByRole('link', { name: 'Upgrade to Team' }).click();
    });

    await test.step('Billing shows what the upgrade changes, then upgrades', async () => {
      await expect(page).toHaveURL(/\/hub\/billing$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Usage' }).getByText(`${FREE_PLAN.limits.spaces} of ${FREE_PLAN.limits.spaces}`)).toBeVisible();
      await page.getByRole('listitem', { name: 'Team' }).getByRole('button', { name: 'Upgrade to Team' }).click();
      const confirm = page.getByRole('dialog', { name: 'Upgrade to Team' });
      const changes = confirm.getByRole('table', { name: 'What changes' });
      await expect(changes.getByRole('row', { name: /Price/ })).toContainText('Free → ₹2,499 / month');
      await expect(changes.getByRole('row', { name: /Spaces/ })).toContainText('5 → 50');
      await confirm.getByRole('button', { name: 'Upgrade to Team' }).click();
      await expect(page.getByText('The hub is now on the Team plan.')).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('listitem', { name: 'Team' }).getByRole('button', { name: 'Current plan' })).toBeDisabled();
      await expect(page.getByRole('region', { name: 'Usage' }).getByText(`${FREE_PLAN.limits.spaces} of 50`)).toBeVisible();
    });

    await test.step('the sixth space is created', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: hub.name })).toBeVisible();
      await createSpace(page, 'Team space 6', 'Everyone');
    });
  } finally {
    await context.close();
  }
});
