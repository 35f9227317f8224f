import { expect, test, type Page } from '@playwright/test';
import { createSharedHub, createSpace } from './support/hubs';
import { invitationLinkFor } from './support/outbox';
import { chooseOption, completeBasicProfile, person, signUpAndVerify, signUpFromInvitation, uniqueId } from './support/people';

/** Invites one address with a role from the hub settings' Invitations panel. */
async function invite(page: Page, email: string, role: 'Editor' | 'Viewer') {
  const emails = page.getByLabel('Emails', { exact: true });
  await emails.click();
  await emails.pressSequentially(`${email},`);
  await chooseOption(page, 'Role', role);
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByRole('listitem', { name: email })).toBeVisible();
}

/** The hub home of `hubName` shows the public space and not the private one. */
async function expectSpacesOf(page: Page, hubName: string) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: hubName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Roadmap' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Board notes' })).toHaveCount(0);
}

test('an owner invites two people: one signs up from the emailed link, one accepts on the join page', async ({ page, browser }) => {
  const id = uniqueId();
  const owner = person('Olivia Okafor', `${id}.test`, 'Software Engineer');
  const guests = `${id}-guests.test`;
  const editor = person('Edgar Ellis', guests, 'Product Manager');
  const viewer = person('Vera Volkova', guests, 'Product Manager');
  const hub = { name: `Orbital Works ${id}`, handle: `orbital-${id}` };

  await test.step('the owner creates a shared hub with a public and a private space', async () => {
    await signUpAndVerify(page, owner);
    await completeBasicProfile(page, owner);
    await createSharedHub(page, hub);
    await createSpace(page, 'Roadmap', 'Everyone');
    await createSpace(page, 'Board notes', 'Private');
  });

  await test.step('the owner invites an editor and a viewer by email', async () => {
    await page.goto('/hub/settings?tab=invitations');
    await invite(page, editor.email, 'Editor');
    await invite(page, viewer.email, 'Viewer');
  });

  const editorContext = await browser.newContext();
  const viewerContext = await browser.newContext();
  try {
    const editorPage = await editorContext.newPage();
    await test.step('the editor signs up from the emailed link and lands in the hub', async () => {
      await editorPage.goto(await invitationLinkFor(editor.email));
      await expect(editorPage.getByRole('heading', { name: `Join ${hub.name} on Convene` })).toBeVisible();
      await editorPage.getByRole('link', { name: 'Create an account to accept' }).click();
      await signUpFromInvitation(editorPage, editor);
      await editorPage.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(editorPage).toHaveURL(/\/basic-profile$/);
      await completeBasicProfile(editorPage, editor);
      await expectSpacesOf(editorPage, hub.name);
    });

    const viewerPage = await viewerContext.newPage();
    await test.step('the viewer signs up on their own and accepts on the join page', async () => {
      await signUpAndVerify(viewerPage, viewer);
      await completeBasicProfile(viewerPage, viewer);
      await expect(viewerPage).toHaveURL(/\/join-hub$/);
      await viewerPage.getByRole('button', { name: `Join ${hub.name}` }).click();
      await expectSpacesOf(viewerPage, hub.name);
    });

    await test.step('an editor sees the hub settings but cannot archive the hub', async () => {
      await editorPage.goto('/hub/settings');
      await expect(editorPage.getByRole('region', { name: 'Hub', exact: true })).toBeVisible();
      await expect(editorPage.getByRole('region', { name: 'Archive hub' })).toHaveCount(0);
      await editorPage.getByRole('tab', { name: 'Members' }).click();
      await expect(editorPage).toHaveURL(/\/hub\/settings\?tab=members$/);
      await expect(editorPage.getByRole('region', { name: 'Members' })).toBeVisible();
      await editorPage.getByRole('tab', { name: 'Invitations' }).click();
      await expect(editorPage.getByRole('region', { name: 'Invitations', exact: true }).first()).toBeVisible();
      const archive = await editorPage.evaluate(async (handle) => {
        const token = (await (await fetch('/api/token')).json()).data.token as string;
        const response = await fetch(`/api/v1/organizations/${handle}/archive/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}`, 'Org-Handle': handle },
          body: JSON.stringify({ confirm: handle }),
        });
        return response.status;
      }, hub.handle);
      expect(archive).toBe(403);
    });
  } finally {
    await editorContext.close();
    await viewerContext.close();
  }
});
