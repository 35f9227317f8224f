import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { verificationCodeFor } from './outbox';
import { maskedEmail } from '../../lib/policies/invitation-email';

export interface Person {
  name: string;
  email: string;
  password: string;
  /** A job role as the basic-profile picker lists it. */
  role: string;
}

/** A short random id, so every run works with new addresses, domains and handles. */
export const uniqueId = () => randomBytes(4).toString('hex');

export function person(name: string, domain: string, role: string): Person {
  const local = name.split(' ')[0]!.toLowerCase();
  return { name, email: `${local}@${domain}`, password: `Convene#${uniqueId()}Aa1`, role };
}

/** Fills and sends the sign-up form the page shows, then enters the emailed code on /verify. */
export async function signUpHereAndVerify(page: Page, who: Person): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify\?email=/);
  await expect(page.getByText(who.email).first()).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await verificationCodeFor(who.email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/**
 * Signs up from an invitation's "Create an account to accept": the page names
 * the invited address only masked (whoever holds a link must not learn it),
 * the person types it, and no code is asked for (the link came to that mailbox).
 */
export async function signUpFromInvitation(page: Page, who: Person): Promise<void> {
  await expect(page.getByText(`Your invitation was sent to ${maskedEmail(who.email)}.`, { exact: false })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs up on /sign-up, reads the code from the mail outbox and verifies it on /verify. */
export async function signUpAndVerify(page: Page, who: Person): Promise<void> {
  await page.goto('/sign-up');
  await signUpHereAndVerify(page, who);
  await expect(page).toHaveURL(/\/basic-profile$/);
}

/**
 * Opens the select labelled `label` (typing `search` into it when given) and
 * picks the option titled `title`, until the select shows it. A click sent
 * while the drop-down is still being placed lands on what lies under it (in
 * one run, the header's Sign out button), so the option must be in view first.
 */
export async function chooseOption(page: Page, label: string, title: string, search?: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  const option = page.locator(`.ant-select-item-option[title=${JSON.stringify(title)}]`).filter({ visible: true });
  const shown = page.locator('.ant-select', { has: field }).locator('.ant-select-content');
  await expect(async () => {
    await field.click();
    if (search) {
      await field.clear();
      await field.pressSequentially(search);
    }
    // Until it is placed, a drop-down waits far off screen; a click then would land on whatever is there.
    await expect(option).toBeInViewport({ ratio: 1, timeout: 2_000 });
    await option.click({ timeout: 2_000 });
    await expect(shown).toHaveAttribute('title', title, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Fills the basic profile: the name is prefilled, the role is searched for and picked. */
export async function completeBasicProfile(page: Page, who: Person): Promise<void> {
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(who.name);
  await chooseOption(page, 'Role', who.role, who.role.slice(0, 6));
  await page.getByLabel('About', { exact: true }).fill(`${who.name} works on the analytical engine.`);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Signs in on /sign-in with the person's email and password. */
export async function signIn(page: Page, who: Person): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The hub home of `hubName`, showing who is signed in, the plan and the empty spaces list. */
export async function expectHubHome(page: Page, hubName: string, who: Person): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: hubName })).toBeVisible();
  // The account menu wears the person's initials (the home itself leads with content).
  const initials = who.name.split(/\s+/).slice(0, 2).map((word) => word.charAt(0).toUpperCase()).join('');
  await expect(page.getByRole('button', { name: 'Account menu' }).getByText(initials, { exact: true })).toBeVisible();
  await expect(page.getByText('Start with a space')).toBeVisible();
  await expect(page.getByText('No spaces yet').first()).toBeVisible();
}
