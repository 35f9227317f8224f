import { expect, test, type Page } from '@playwright/test';
import { createHubByApi, signUpByApi, signedInContext, type ApiPerson } from './support/api-people';
import { uniqueId } from './support/people';

/*
 * What a security review tries in a real browser: a crafted `next` must never
 * take anyone off the site, and the pages keep to their own Content Security
 * Policy.
 */

/** `next` values a browser reads as another site once it drops tabs and line breaks (or reads `\` as `/`). */
const hostileNexts = ['/\t/evil.test/', '/\n/evil.test/', '/\r/evil.test/', '/\t\\evil.test/', '//evil.test/', 'https://evil.test/'];

let person: ApiPerson;
test.beforeAll(async ({ baseURL }) => {
  const id = uniqueId();
  person = await signUpByApi(baseURL!, { name: 'Ada Lovelace', email: `ada@${id}.test` });
  await createHubByApi(baseURL!, person, { name: `Engines ${id}`, handle: `engines-${id}` });
});

/** Records every request the page makes to a host other than the app's. */
function offSiteRequests(page: Page, baseURL: string): string[] {
  const seen: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) seen.push(request.url());
  });
  return seen;
}

test('signing in through the form with a crafted next stays on the site', async ({ page, baseURL }) => {
  const offSite = offSiteRequests(page, baseURL!);
  for (const next of hostileNexts) {
    await test.step(`next=${JSON.stringify(next)}`, async () => {
      await page.context().clearCookies();
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Email', { exact: true }).fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
  expect(offSite).toEqual([]);
});

test('a signed-in person sent to sign-up or forgot-password with a crafted next stays on the site', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, person);
  try {
    const page = await context.newPage();
    const offSite = offSiteRequests(page, baseURL!);
    for (const path of ['/sign-up', '/forgot-password', '/sign-in']) {
      for (const next of hostileNexts) {
        await page.goto(`${path}?next=${encodeURIComponent(next)}`);
        await expect(page).toHaveURL(`${baseURL}/`);
      }
    }
    // A same-site next is still followed.
    await page.goto(`/sign-in?next=${encodeURIComponent('/hub/settings')}`);
    await expect(page).toHaveURL(`${baseURL}/hub/settings`);
    expect(offSite).toEqual([]);
  } finally {
    await context.close();
  }
});

test('pages keep to their Content Security Policy and ask browsers for HTTPS', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => report(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const response = await page.goto('/sign-in');
  expect(response?.headers()['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  // Typing runs the form's validation (zod), whose code generation probe is what used to break the policy.
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is not a valid email')).toBeVisible();
  await page.goto('/sign-up');
  await page.getByLabel('Name', { exact: true }).fill('A');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  expect(violations).toEqual([]);
});
