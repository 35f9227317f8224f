import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, hubWithPeople, signedInContext, type ApiPerson } from './support/api-people';
import { sweep } from './support/axe';
import { uniqueId } from './support/people';

/* The keyboard and the side bar at a desktop size, the phone layout, and axe on every main page at both sizes. */

test.use({ viewport: { width: 1440, height: 900 } });

/** The page's content is there and nothing is still loading. */
async function settled(page: Page) {
  await expect(page.locator('#main')).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
}

test('the keyboard reaches the page first, the side bar stays put and Ctrl-K jumps to a space', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Ada Lindqvist']);
  const asOwner = { token: owner.token, hub: hub.handle };
  const spaceName = `Field notes ${uniqueId()}`;
  const { data: space } = await callApi(base, 'POST spaces/', { ...asOwner, body: { name: spaceName, visibility: 'public' } });
  await callApi(base, 'POST spaces/:id/contents/notes/', {
    ...asOwner, params: { id: space.id }, body: { title: 'Planning notes', body: 'We plan the launch for spring.' },
  });
  await callApi(base, 'PUT spaces/:id/star/', { ...asOwner, params: { id: space.id } });

  const context = await signedInContext(browser, base, owner);
  const page = await context.newPage();
  try {
    await test.step('the first Tab reaches "Skip to content", which leads into the page', async () => {
      await page.goto('/');
      await settled(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('#main')).toBeFocused();
    });

    await test.step('the side bar lists the starred space and stays put while the page scrolls', async () => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('list', { name: 'Starred' }).getByRole('link', { name: spaceName })).toBeVisible();
      const before = await nav.boundingBox();
      await page.mouse.wheel(0, 2000);
      await expect.poll(async () => (await nav.boundingBox())?.y).toBe(before?.y);
    });

    await test.step('Ctrl-K opens the palette and jumps to the space', async () => {
      await page.keyboard.press('Control+k');
      const box = page.getByRole('combobox', { name: 'Search or jump to' });
      await expect(box).toBeFocused();
      await box.fill(spaceName.slice(0, 8));
      await expect(page.getByRole('option', { name: spaceName })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));
    });
  } finally {
    await context.close();
  }
});

test('on a phone nothing is wider than the screen, and the menu opens the side bar', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Pia Moreau']);
  const { data: space } = await callApi(base, 'POST spaces/', {
    token: owner.token, hub: hub.handle, body: { name: 'Phone space', visibility: 'public' },
  });
  const context = await signedInContext(browser, base, owner);
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', `/spaces/${space.id}`, '/search?q=plan', '/meet', '/hub/settings', '/hub/billing', '/account/security']) {
      await page.goto(path);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Phone space' }).click();
    await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}$`));
    await expect(drawer).toBeHidden();
  } finally {
    await context.close();
  }
});

/** What the axe sweep visits: a hub whose lists all have something in them. */
interface SweepWorld {
  owner: ApiPerson;
  spaceId: string;
  meetingCode: string;
}

/** Made once for both sizes (the suite runs in one worker). */
let sweepWorld: Promise<SweepWorld> | undefined;

async function makeSweepWorld(base: string): Promise<SweepWorld> {
  const { hub, people: [owner] } = await hubWithPeople(base, ['Lena Okafor', 'Tomas Brandt']);
  const asOwner = { token: owner.token, hub: hub.handle };
  const { data: space } = await callApi(base, 'POST spaces/', { ...asOwner, body: { name: 'Launch planning', visibility: 'public' } });
  await callApi(base, 'POST spaces/:id/contents/notes/', {
    ...asOwner, params: { id: space.id }, body: { title: 'Planning notes', body: 'We plan the launch for spring.' },
  });
  // The bare upload takes the file's bytes as the body, which the JSON helper does not send.
  const uploaded = await fetch(`${base}/api/v1/spaces/${space.id}/contents/upload/?kind=document&name=agenda.txt`, {
    method: 'POST',
    headers: { AppType: 'social', Authorization: `JWT ${owner.token}`, 'Org-Handle': hub.handle, 'Content-Type': 'text/plain' },
    body: 'Agenda: plan the launch, review the budget.',
  });
  expect(uploaded.status).toBe(201);
  const { data: item } = (await uploaded.json()) as { data: { id: string } };
  // A ready item, so the list shows it settled rather than processing.
  await expect.poll(async () => (await callApi(base, 'GET spaces/:id/contents/:content_id/', {
    ...asOwner, params: { id: space.id, content_id: item.id },
  })).data.status, { timeout: 60_000 }).toBe('ready');
  const { data: old } = await callApi(base, 'POST spaces/', { ...asOwner, body: { name: 'Last year', visibility: 'public' } });
  await callApi(base, 'POST spaces/:id/archive/', { ...asOwner, params: { id: old.id } });
  await callApi(base, 'POST organizations/:handle/invitations/', {
    token: owner.token, params: { handle: hub.handle }, body: { emails: [`guest@${uniqueId()}.test`], role: 'viewer' },
  });
  const { data: meeting } = await callApi(base, 'POST meetings/', { ...asOwner, body: { space_id: space.id } });
  return { owner, spaceId: space.id, meetingCode: meeting.code };
}

/** Waits until nothing is loading and no transition is under way, so axe sees colours at rest. */
async function atRest(page: Page) {
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every(
    (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
  ));
}

async function visit(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible();
  await atRest(page);
  await sweep(page, name);
}

async function sweepAtSize(browser: Browser, base: string, viewport: { width: number; height: number }) {
  const world = await (sweepWorld ??= makeSweepWorld(base));

  const guest = await browser.newContext({ baseURL: base, viewport });
  try {
    const page = await guest.newPage();
    await visit(page, '/sign-in', 'sign-in');
    await visit(page, '/sign-up', 'sign-up');
    await visit(page, '/forgot-password', 'forgot-password');
    await visit(page, `/verify?email=${encodeURIComponent('someone@example.test')}`, 'verify');
  } finally {
    await guest.close();
  }

  const context = await signedInContext(browser, base, world.owner);
  try {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await visit(page, '/', 'hub-home');
    const space = `/spaces/${world.spaceId}`;
    await visit(page, space, 'space-content');
    await expect(page.getByText('agenda.txt').first()).toBeVisible();
    await visit(page, `${space}?tab=members`, 'space-members');
    await visit(page, `${space}?tab=settings`, 'space-settings');
    await visit(page, '/spaces/archived', 'archived-spaces');
    await visit(page, '/search?q=launch', 'search');
    await expect(page.getByText('Planning notes').first()).toBeVisible();
    await visit(page, '/meet', 'meetings');
    await page.goto(`/meet/${world.meetingCode}`);
    await expect(page.getByTestId('lobby-preview')).toBeVisible();
    // Join turns on once the camera is open; its colour change must be over before colours are measured.
    await expect(page.getByRole('button', { name: 'Join meeting' })).toBeEnabled();
    await atRest(page);
    await sweep(page, 'meeting-lobby');
    for (const tab of ['general', 'members', 'invitations', 'security', 'billing']) {
      await visit(page, `/hub/settings?tab=${tab}`, `hub-settings-${tab}`);
    }
    await visit(page, '/account', 'account-profile');
    await visit(page, '/account/security', 'account-security');

    await page.goto('/');
    await atRest(page);
    // The shortcut works once the page has come alive; until then the key does nothing, so it is pressed again.
    const box = page.getByRole('combobox', { name: 'Search or jump to' });
    await expect(async () => {
      if (!(await box.isVisible())) await page.keyboard.press('Control+k');
      await expect(box).toBeFocused({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.type('Launch');
    await expect(page.getByRole('option', { name: 'Launch planning', exact: true })).toBeVisible();
    await atRest(page);
    await sweep(page, 'command-palette');
    await page.keyboard.press('Escape');

    if (viewport.width < 768) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await atRest(page);
      await sweep(page, 'side-bar-drawer');
    }
  } finally {
    await context.close();
  }
}

test('axe finds no serious or critical problem on any main page at a desktop size', async ({ browser, baseURL }) => {
  await sweepAtSize(browser, baseURL!, { width: 1440, height: 900 });
});

test('axe finds no serious or critical problem on any main page at a phone size', async ({ browser, baseURL }) => {
  await sweepAtSize(browser, baseURL!, { width: 390, height: 844 });
});
