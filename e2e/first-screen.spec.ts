import { expect, test } from '@playwright/test';

/*
 * A signed-out visitor's first screen comes from the server: signed-in pages
 * answer a redirect before any HTML, and the sign-in page's HTML already holds
 * its form (no spinner page, no client-side redirect on the way).
 */

test('the server answers a signed-out request for a signed-in page with a redirect to sign-in', async ({ request }) => {
  const redirectOf = async (path: string) => {
    const response = await request.get(path, { maxRedirects: 0 });
    const location = new URL(response.headers().location ?? '', 'http://app.test');
    return { status: response.status(), to: location.pathname, next: location.searchParams.get('next') };
  };
  // The hub home goes to plain sign-in; other pages come back after signing in.
  expect(await redirectOf('/')).toEqual({ status: 307, to: '/sign-in', next: null });
  expect(await redirectOf('/spaces/42?tab=files')).toEqual({ status: 307, to: '/sign-in', next: '/spaces/42?tab=files' });
  expect(await redirectOf('/hub/settings')).toEqual({ status: 307, to: '/sign-in', next: '/hub/settings' });
});

test("the sign-in page's server HTML holds the form, not a spinner", async ({ request }) => {
  const response = await request.get('/sign-in');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<input[^>]*id="sign-in_email"/);
  expect(html).toMatch(/<input[^>]*type="password"/);
  expect(html).not.toContain('aria-label="Loading"');
});

test('a signed-out browser opening the hub home gets the sign-in page as its first document', async ({ page }) => {
  const response = await page.goto('/');
  // The redirect came from the server, on the document request itself, and
  // the document it led to is the sign-in form (not a spinner that redirects).
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/$/);
  expect(new URL(response!.url()).pathname).toBe('/sign-in');
  expect(await response!.text()).toContain('id="sign-in_email"');
  await expect(page.getByLabel('Email', { exact: true })).toBeEditable();
  await expect(page).toHaveURL(/\/sign-in$/);
});
