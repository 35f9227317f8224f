import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fieldTypeLabels, fieldTypes, type TemplateField } from '../lib/contract/templates';
import { callApi, hubWithPeople, signedInContext } from './support/api-people';
import { sweep } from './support/axe';
import { uniqueId } from './support/people';

/*
 * Structured records as a hub owner uses them: a form template with one field
 * of every type built in hub settings, a record table made from it, a record
 * added through the form, a cell edited in the grid, a CSV imported after a
 * dry run, the record found by the hub's search, and an edit refused because
 * someone else saved first.
 */

/**
 * The option titled `title` in the dropdown of `select` (antd renders each
 * select's dropdown apart from it; the one holding the listbox the combobox
 * controls is its own, so an earlier select's fading dropdown never matches).
 */
async function optionOf(page: Page, select: Locator, title: string) {
  const listbox = await select.getAttribute('aria-controls');
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listbox}"]`) }).locator(`.ant-select-item-option[title="${title}"]`);
}

async function choose(page: Page, select: Locator, title: string) {
  await select.click();
  await (await optionOf(page, select, title)).click();
}

/** The labels the form shows: the first text field required, every other field optional. */
const formLabels = fieldTypes.map((type) => (type === 'text' ? fieldTypeLabels[type] : `${fieldTypeLabels[type]} (optional)`));

/** A field of every type, as the builder makes them (default labels and options). */
const everyTypeFields: TemplateField[] = fieldTypes.map((type) => ({
  key: type.replace('-', '_'),
  label: fieldTypeLabels[type],
  type,
  required: type === 'text',
  ...(type === 'checkboxes' || type === 'select' || type === 'multi-select' ? { options: ['Option 1', 'Option 2'] } : {}),
  ...(type === 'form' ? { fields: [{ key: 'detail', label: 'Detail', type: 'text' as const, required: false }] } : {}),
}));

/** Five rows, two of them bad: a number that is not one, and a missing required text. */
const CSV = ['Text,Number,Email', 'Bea Lind,3,bea@example.com', 'Cy Moss,ten,cy@example.com', 'Dov Park,5,dov@example.com', ',7,nameless@example.com', 'Eli Ross,9,eli@example.com'].join('\n');

async function importCsv(page: Page, file: string) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Import records' });
  await wizard.locator('input[type=file]').setInputFiles(file);
  await expect(wizard.getByText('5 rows found.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Check rows' }).click();
  await expect(wizard.getByText('3 rows ready, 2 rows with problems')).toBeVisible();
  return wizard;
}

test('builds a form template of every field type, fills, edits, imports and finds records, and is told of a stale edit', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner, editor] } = await hubWithPeople(base, ['Rana Quist', 'Eli Editor']);
  const as = { token: owner.token, hub: hub.handle };
  const space = (await callApi(base, 'POST spaces/', { ...as, body: { name: `Clients ${uniqueId()}`, visibility: 'shared' } })).data;
  const editorId = (await callApi(base, 'GET auth/me/', { token: editor.token })).data.id;
  await callApi(base, 'POST spaces/:id/members/', { ...as, params: { id: space.id }, body: { user_id: editorId, role: 'editor' } });
  const templateName = `Client intake ${uniqueId()}`;
  const tableName = `Clients ${uniqueId()}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'records-e2e-'));
  const csvFile = path.join(dir, 'clients.csv');
  writeFileSync(csvFile, CSV);

  const context = await signedInContext(browser, base, owner);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  try {
    await test.step('the owner builds a template with one field of each of the 17 types and sees them in the preview', async () => {
      await page.goto('/hub/settings?tab=forms');
      await page.getByRole('button', { name: 'New form template' }).click();
      await page.getByLabel('Name', { exact: true }).fill(templateName);
      for (const type of fieldTypes) {
        await page.getByRole('button', { name: /Add field$/ }).click();
        await page.getByRole('menu', { name: 'Field types' }).getByRole('menuitem', { name: fieldTypeLabels[type], exact: true }).click();
      }
      await expect(page.getByRole('list', { name: 'Fields' }).getByRole('listitem')).toHaveCount(fieldTypes.length);
      await page.getByRole('list', { name: 'Fields' }).getByRole('button', { name: 'Text', exact: true }).click();
      await page.getByRole('switch', { name: 'Required' }).click();
      const preview = page.getByRole('form', { name: 'Form preview' });
      await expect(preview.locator('label, legend')).toContainText(formLabels);
      await sweep(page, 'records-builder');
      await page.getByRole('button', { name: 'Create template' }).click();
      await expect(page.getByRole('heading', { name: templateName })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    });

    await test.step('a record table is made from it in a space', async () => {
      await page.goto(`/spaces/${space.id}`);
      await page.getByRole('button', { name: 'New record table' }).click();
      const dialog = page.getByRole('dialog', { name: 'New record table' });
      await dialog.getByLabel('Name', { exact: true }).fill(tableName);
      await choose(page, dialog.getByRole('combobox', { name: 'Template' }), templateName);
      await dialog.getByRole('button', { name: 'Create table' }).click();
      await expect(page.getByRole('heading', { level: 1, name: tableName })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}/tables/`));
    });

    await test.step('Add record: typed fields, a bad email named next to its field, then saved', async () => {
      await page.getByRole('button', { name: 'Add record' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add record' });
      await dialog.getByLabel('Text', { exact: true }).fill('Amara Okafor');
      await dialog.getByLabel('Paragraph', { exact: true }).fill('Prefers morning calls about the quillfeather account.');
      await dialog.getByLabel('Number', { exact: true }).fill('42.5');
      const email = dialog.getByLabel('Email', { exact: true });
      await email.fill('amara@');
      const emailItem = dialog.locator('.ant-form-item').filter({ has: page.getByLabel('Email', { exact: true }) });
      await expect(emailItem.getByText('Email is not a valid email')).toBeVisible();
      await email.fill('amara@example.com');
      await expect(emailItem.getByText('Email is not a valid email')).toBeHidden();
      await dialog.getByLabel('Date', { exact: true }).fill('2026-11-20');
      await dialog.getByLabel('Date', { exact: true }).press('Tab');
      await choose(page, dialog.getByRole('combobox', { name: 'Choice', exact: true }), 'Option 2');
      const multi = dialog.getByRole('combobox', { name: 'Multiple choice', exact: true });
      await choose(page, multi, 'Option 1');
      await (await optionOf(page, multi, 'Option 2')).click();
      await dialog.getByText('Add record', { exact: true }).first().click();
      await dialog.getByRole('group', { name: 'Checkboxes' }).getByRole('checkbox', { name: 'Option 1' }).check();
      const country = dialog.getByRole('combobox', { name: 'Phone country code' });
      await country.click();
      await page.keyboard.type('Germany');
      await (await optionOf(page, country, '+49 Germany')).click();
      await dialog.getByLabel('Phone', { exact: true }).fill('30 1234 5678');
      await dialog.getByRole('button', { name: 'Add record', exact: true }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('row').filter({ hasText: 'Amara Okafor' });
      await expect(row).toContainText('amara@example.com');
      await expect(row).toContainText('+49 30 1234 5678');
      await expect(row).toContainText('Option 2');
    });

    const amara = page.getByRole('row').filter({ hasText: 'Amara Okafor' });
    await test.step('a cell edited in the grid: a bad number is named and not saved, a good one is and stays', async () => {
      await amara.getByRole('button', { name: 'Edit Number' }).click();
      const input = amara.getByLabel('Number', { exact: true });
      await input.fill('forty');
      await input.press('Enter');
      await expect(amara.getByRole('alert')).toHaveText('Number is not a valid number');
      await input.fill('43');
      await input.press('Enter');
      await expect(amara.getByRole('cell', { name: /Edit Number/ })).toHaveText('43');
      await page.reload();
      await expect(page.getByRole('row').filter({ hasText: 'Amara Okafor' }).getByRole('cell', { name: /Edit Number/ })).toHaveText('43');
    });

    await test.step('a CSV of 5 rows, 2 bad: the dry run names them, the import adds the 3 good ones', async () => {
      const wizard = await importCsv(page, csvFile);
      const problems = wizard.getByRole('table').locator('tbody');
      await expect(problems.getByRole('row')).toHaveCount(2);
      await expect(problems.getByRole('row').nth(0)).toContainText('Number: Number is not a valid number');
      await expect(problems.getByRole('row').nth(1)).toContainText('Text: Please enter Text');
      await sweep(page, 'records-import');
      await wizard.getByRole('button', { name: 'Import 3 rows' }).click();
      await expect(wizard.getByText('3 records imported')).toBeVisible();
      await wizard.getByRole('button', { name: 'Done' }).click();
      await expect(wizard).toBeHidden();
      for (const name of ['Bea Lind', 'Dov Park', 'Eli Ross']) await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Cy Moss' })).toHaveCount(0);
      await expect(page.getByText('4 records')).toBeVisible();
      await sweep(page, 'records-grid');
    });

    await test.step("the hub's search finds the record by a word only it has and opens it on its table", async () => {
      const result = page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: tableName });
      // Records are indexed moments after saving.
      await expect(async () => {
        await page.goto('/search?q=quillfeather');
        await expect(result).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await result.click();
      await expect(page).toHaveURL(new RegExp(`/spaces/${space.id}/tables/[^?]+\\?record=`));
      const opened = page.getByRole('dialog', { name: 'Edit record' });
      await expect(opened.getByLabel('Text', { exact: true })).toHaveValue('Amara Okafor');
      await opened.getByRole('button', { name: 'Cancel' }).click();
      await expect(opened).toBeHidden();
    });

    await test.step('an editor saves the record meanwhile: the stale cell edit is refused with the current values', async () => {
      const tableId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      const params = { id: space.id, content_id: tableId };
      const found = (await callApi(base, 'GET spaces/:id/contents/:content_id/records/', { token: editor.token, hub: hub.handle, params, query: { q: 'quillfeather' } })).data[0];
      if (!found) throw new Error('the editor does not see the record');
      await callApi(base, 'PATCH spaces/:id/contents/:content_id/records/:record_id/', {
        token: editor.token, hub: hub.handle, params: { ...params, record_id: found.id }, body: { version: found.version, values: { number: 44 } },
      });
      await amara.getByRole('button', { name: 'Edit Number' }).click();
      const input = amara.getByLabel('Number', { exact: true });
      await input.fill('50');
      await input.press('Enter');
      const conflict = page.getByRole('dialog', { name: 'This record was changed' });
      await expect(conflict.getByText(/^Someone else changed this record while you were editing/)).toBeVisible();
      await expect(conflict.getByRole('cell', { name: /^44/ })).toContainText('Yours: 50');
      await conflict.getByRole('button', { name: 'Use theirs' }).click();
      await expect(conflict).toBeHidden();
      await expect(amara.getByRole('cell', { name: /Edit Number/ })).toHaveText('44');
    });
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the builder, the record form, the grid and the import check fit a phone', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { hub, people: [owner] } = await hubWithPeople(base, ['Pia Phone']);
  const as = { token: owner.token, hub: hub.handle };
  const space = (await callApi(base, 'POST spaces/', { ...as, body: { name: `Field visits ${uniqueId()}`, visibility: 'public' } })).data;
  const template = (await callApi(base, 'POST form-templates/', { ...as, body: { name: `Site visit ${uniqueId()}`, fields: everyTypeFields } })).data;
  const table = (await callApi(base, 'POST spaces/:id/contents/record-tables/', { ...as, params: { id: space.id }, body: { name: 'Visits', template_id: template.id } })).data;
  const params = { id: space.id, content_id: table.id };
  for (const [text, n] of [['Harbour pier', 12], ['North depot', 7.5]] as const) {
    await callApi(base, 'POST spaces/:id/contents/:content_id/records/', {
      ...as, params, body: { values: { text, number: n, email: 'site@example.com', select: 'Option 1', multi_select: ['Option 1', 'Option 2'], date: '2026-11-20' } },
    });
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'records-e2e-'));
  const csvFile = path.join(dir, 'visits.csv');
  writeFileSync(csvFile, CSV);

  const context = await signedInContext(browser, base, owner);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto('/hub/settings?tab=forms');
    await page.getByText(template.name, { exact: true }).click();
    await page.getByRole('list', { name: 'Fields' }).getByRole('button', { name: 'Choice', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Form preview' }).locator('label, legend')).toContainText(formLabels);
    await sweep(page, 'records-builder');

    await page.goto(`/spaces/${space.id}/tables/${table.id}`);
    await expect(page.getByRole('row').filter({ hasText: 'Harbour pier' })).toBeVisible();
    await sweep(page, 'records-grid');
    // The first column stays in view while the others scroll sideways.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Add record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add record' });
    await expect(dialog.locator('label, legend')).toContainText(formLabels);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await importCsv(page, csvFile);
    await sweep(page, 'records-import');
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
