import { expect, test, type Browser, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { callApi, createHubByApi, joinHubByApi, signUpByApi, signedInContext, type ApiPerson } from './support/api-people';
import { uniqueId } from './support/people';

/*
 * Two-factor sign-in in a real browser: passkeys with Chromium's virtual
 * authenticator, the authenticator app with codes computed here from the key
 * the page shows, and a hub that requires two-factor sign-in.
 *
 * Browsers refuse an IP address as a passkey's relying party, so this spec
 * opens the app by name (the server's WEBAUTHN_RP_ID, see playwright.config.ts).
 */
const BASE = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
test.use({ baseURL: BASE });

/** A person with a profile and a hub of their own, made through the API. */
async function personWithHub(label: string) {
  const id = uniqueId();
  const who = await signUpByApi(BASE, { name: `${label} ${id}`, email: `${label.toLowerCase()}@${id}.test` });
  const hub = { name: `${label}'s Hub ${id}`, handle: `${label.toLowerCase()}-${id}` };
  await createHubByApi(BASE, who, hub);
  return { who, hub };
}

async function signedInPage(browser: Browser, who: ApiPerson): Promise<Page> {
  const context = await signedInContext(browser, BASE, who);
  return context.newPage();
}

/** Chromium's virtual platform authenticator for this page: it keeps passkeys and verifies the person. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

/** The authenticator app's code for `secret`, `steps` periods of 30 s from now. */
const codeFor = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function confirmWithPassword(page: Page, password: string, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: button }).click();
}

/** The recovery codes dialog: ten codes, confirmed saved. */
async function saveRecoveryCodes(page: Page) {
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeHidden();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

async function signInWithPassword(page: Page, who: ApiPerson) {
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const expectHubHome = async (page: Page, hubName: string) => {
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByRole('heading', { level: 1, name: hubName })).toBeVisible();
};

/** Sets up the authenticator app on the security page, reading the key as a person would type it; returns it. */
async function setUpAuthenticatorApp(page: Page, password: string): Promise<string> {
  await page.getByRole('button', { name: 'Set up', exact: true }).click();
  await confirmWithPassword(page, password, 'Continue');
  const setup = page.getByRole('region', { name: 'Authenticator app set-up' });
  await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await setup.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await setup.getByLabel('Code from the app').fill(codeFor(secret));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await saveRecoveryCodes(page);
  await expect(page.getByText(/^On since/)).toBeVisible();
  return secret;
}

test('a passkey completes a password sign-in, and signs in on its own', async ({ browser }) => {
  const { who, hub } = await personWithHub('Ada');
  const page = await signedInPage(browser, who);
  await addVirtualAuthenticator(page);

  await test.step('add a passkey on the security page (after the password); the first one brings recovery codes', async () => {
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await confirmWithPassword(page, who.password, 'Continue');
    await saveRecoveryCodes(page);
    const passkeys = page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    await expect(passkeys).toHaveCount(1);
    await expect(passkeys.first()).toContainText('Never used');
  });

  await test.step('sign out, then sign in with the password: the passkey is asked for as the second step', async () => {
    await signOut(page);
    await signInWithPassword(page, who);
    await expect(page.getByRole('heading', { name: 'Confirm with your passkey' })).toBeVisible();
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await expectHubHome(page, hub.name);
  });

  await test.step('sign out, then sign in with the passkey alone', async () => {
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectHubHome(page, hub.name);
  });

  await test.step('the passkey shows when it was last used', async () => {
    await page.goto('/account/security');
    await expect(page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem').first()).toContainText('Last used');
  });
});

test('an authenticator app set up from its key signs in with a code computed from that key', async ({ browser }) => {
  const { who, hub } = await personWithHub('Grace');
  const page = await signedInPage(browser, who);
  await page.goto('/account/security');
  const secret = await setUpAuthenticatorApp(page, who.password);

  await signOut(page);
  await signInWithPassword(page, who);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const field = page.getByLabel('Authentication code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  // The code that turned the app on is used up; the next one (one step of clock drift) is fresh.
  await field.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectHubHome(page, hub.name);
});

test('a hub that requires two-factor sign-in sends a member without it to set it up first', async ({ browser }) => {
  const { who: owner, hub } = await personWithHub('Olive');
  const hubHeaders = { token: owner.token, hub: hub.handle };
  const { data: setup } = await callApi(BASE, 'POST auth/two-factor/totp/setup/', {
    token: owner.token, body: { password: owner.password },
  });
  await callApi(BASE, 'POST auth/two-factor/totp/enable/', { token: owner.token, body: { code: codeFor(setup.secret) } });
  await callApi(BASE, 'PUT organizations/:handle/two-factor/', { ...hubHeaders, params: { handle: hub.handle }, body: { required: true } });

  const member = await signUpByApi(BASE, { name: `Milo ${uniqueId()}`, email: `milo@${owner.email.split('@')[1]}` });
  await joinHubByApi(BASE, member, hub.handle);
  const page = await signedInPage(browser, member);

  await page.goto('/');
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByRole('alert').filter({ hasText: 'requires two-factor sign-in' }))
    .toContainText(`${hub.name} requires two-factor sign-in. Set it up to continue.`);
  // Every other page leads back here until it is set up.
  await page.goto('/hub/settings');
  await expect(page).toHaveURL(/\/account\/security$/);

  await setUpAuthenticatorApp(page, member.password);
  await expect(page.getByText('Two-factor sign-in is on. You can use your hub again.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expectHubHome(page, hub.name);
});
