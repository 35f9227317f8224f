import { expect, test } from '@playwright/test';
import { callApi, hubWithPeople, signedInContext } from './support/api-people';

test('a space owner is told before leaving alone, promotes a member after a confirmation, and finds an archived space again', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner, member] } = await hubWithPeople(base, ['Owen Owner', 'Mia Member']);
  const as = { token: owner.token, hub: hub.handle };
  const space = (await callApi(base, 'POST spaces/', { ...as, body: { name: 'Launch plan', visibility: 'shared' } })).data;
  const mia = (await callApi(base, 'GET auth/me/', { token: member.token })).data;
  await callApi(base, 'POST spaces/:id/members/', { ...as, params: { id: space.id }, body: { user_id: mia.id, role: 'viewer' } });

  const context = await signedInContext(browser, base, owner);
  try {
    const page = await context.newPage();

    await test.step('leaving as the only owner says why not at once, with nothing to confirm', async () => {
      await page.goto(`/spaces/${space.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Launch plan' })).toBeVisible();
      await page.getByRole('button', { name: 'Leave space' }).click();
      await expect(page.getByText('You are the only owner of Launch plan — make someone else owner first.')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('making a member owner asks first, explains what owners do, then says it is done', async () => {
      await page.getByRole('tab', { name: 'Members' }).click();
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}\\?tab=members$`));
      const row = page.getByRole('listitem', { name: 'Mia Member' });
      await row.getByLabel('Role of Mia Member').click();
      await page.locator('.ant-select-item-option[title="Owner"]').filter({ visible: true }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Make Mia Member an owner of Launch plan?' });
      await expect(dialog).toContainText('archive or restore it');
      await dialog.getByRole('button', { name: 'Make owner' }).click();
      await expect(page.getByText('Mia Member is now an owner.')).toBeVisible();
    });

    await test.step('the owner archives the space from its settings', async () => {
      await page.getByRole('tab', { name: 'Settings' }).click();
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}\\?tab=settings$`));
      await page.getByRole('button', { name: 'Archive space' }).click();
      await page.getByRole('dialog').filter({ hasText: 'Archive Launch plan?' }).getByRole('button', { name: 'Archive space' }).click();
      await expect(page.getByText('This space is archived', { exact: true })).toBeVisible();
    });

    await test.step('the archived space is found again under Archived spaces and restored', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: hub.name })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Launch plan' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Archived spaces' }).click();
      await expect(page).toHaveURL(/\/spaces\/archived$/);
      const archived = page.getByRole('list', { name: 'Archived spaces' });
      await expect(archived.getByRole('link', { name: 'Launch plan' })).toBeVisible();
      await archived.getByRole('button', { name: 'Restore Launch plan' }).click();
      await expect(page.getByText('Launch plan is restored.')).toBeVisible();
      await expect(page.getByText('No archived spaces')).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Launch plan' })).toBeVisible();
    });
  } finally {
    await context.close();
  }
});
