import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldTypeLabels, fieldTypes, type TemplateField } from '@/lib/contract/templates';
import { templateEditConflictMessage } from '@/lib/validation/template-changes';
import { TemplateList } from '@/components/records/builder/TemplateList';
import { mockDb, server } from '@/mocks/node';
import type { MockTemplate } from '@/mocks/state';
import { as } from '@/tests/infrastructure/mock-contract';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { addHubMember, demoHub } from '../spaces/fixtures';

setupMockServer();

function seedTemplate(fields: TemplateField[]): MockTemplate {
  const at = new Date().toISOString();
  const template: MockTemplate = {
    id: crypto.randomUUID(), hubId: demoHub().hub.id, name: 'Deals', description: '', fields, archivedAt: null, version: 1, createdAt: at, updatedAt: at,
  };
  (mockDb.data.templates ??= []).push(template);
  return template;
}

const twoFields: TemplateField[] = [
  { key: 'title', label: 'Title', type: 'text', required: true },
  { key: 'stage', label: 'Stage', type: 'select', required: false, options: ['Lead', 'Won'] },
];

const preview = () => screen.getByRole('form', { name: 'Form preview' });

async function openDeals(user: ReturnType<typeof renderWithApp>['user']) {
  // The built-in template answers "View"; the hub's own one "Edit".
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  await screen.findByRole('region', { name: 'Deals' });
}

beforeEach(() => {
  resetRouter('/hub/settings', { tab: 'forms' });
});

describe('form template builder', () => {
  it('adds a field of every kind and shows each in the preview', async () => {
    as();
    const { user } = renderWithApp(<TemplateList canManage />);
    await user.click(await screen.findByRole('button', { name: /New form template/ }));
    // Plain clicks and text queries: role queries over seventeen fields' settings make a long test otherwise.
    const addButton = screen.getByRole('button', { name: /Add field$/ });
    const form = preview();
    for (const type of fieldTypes) {
      fireEvent.click(addButton);
      const picker = await waitFor(() => {
        const menu = document.querySelector<HTMLElement>('[aria-label="Field types"]');
        if (!menu) throw new Error('no type picker');
        return menu;
      });
      fireEvent.click(within(picker).getByText(fieldTypeLabels[type]));
      expect(within(form).getAllByText(new RegExp(`^${fieldTypeLabels[type]}`)).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByTestId('field-row')).toHaveLength(fieldTypes.length);
  }, 60_000);

  it('derives the key from the label and checks it', async () => {
    as();
    const { user } = renderWithApp(<TemplateList canManage />);
    await user.click(await screen.findByRole('button', { name: /New form template/ }));
    await user.type(screen.getByLabelText('Name'), 'Leads');
    await user.click(screen.getByRole('button', { name: /Add field$/ }));
    // The picker is still fading in (pointer-events: none) when it appears.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Text' }));
    const label = screen.getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'Contact number');
    expect(screen.getByLabelText('Key')).toHaveValue('contact_number');
    await user.clear(screen.getByLabelText('Key'));
    await user.type(screen.getByLabelText('Key'), '9th');
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText(/key starts with a lowercase letter/)).toBeInTheDocument();
    expect(mockDb.data.templates ?? []).toHaveLength(0);
  });

  it('reorders by keyboard and sends the new order on save', async () => {
    as();
    const seeded = seedTemplate(twoFields);
    const { user } = renderWithApp(<TemplateList canManage />);
    await openDeals(user);
    // jsdom lays nothing out: give each row its place so the keyboard sensor can find the next one.
    screen.getAllByTestId('field-row').forEach((row, i) => {
      row.getBoundingClientRect = () => ({ x: 0, y: i * 50, top: i * 50, left: 0, width: 300, height: 40, bottom: i * 50 + 40, right: 300, toJSON: () => ({}) });
    });
    const handle = screen.getByRole('button', { name: 'Drag Title to reorder' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getAllByTestId('field-row')[0]).toHaveTextContent('Stage'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(seeded.fields.map((f) => f.key)).toEqual(['stage', 'title']));
  });

  it('marks a saved field removed and fixes its type', async () => {
    as();
    const seeded = seedTemplate(twoFields);
    const { user } = renderWithApp(<TemplateList canManage />);
    await openDeals(user);
    await user.click(screen.getByRole('button', { name: 'Stage' }));
    expect(screen.getByLabelText('Type')).toBeDisabled();
    expect(screen.getByText('A saved field keeps its type so records stay readable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Stage' }));
    await user.click(await screen.findByText('Remove field'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove field' }));
    expect(await screen.findByText('Removed fields (1)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(seeded.fields.find((f) => f.key === 'stage')).toMatchObject({ removed: true }));
    expect(seeded.version).toBe(2);
  });

  it('keeps the edits and explains a conflict', async () => {
    as();
    seedTemplate(twoFields);
    const { user } = renderWithApp(<TemplateList canManage />);
    await openDeals(user);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Sales deals');
    // Someone else saved first: the API's answer (server/routes/templates).
    server.use(http.patch('*/api/v1/form-templates/:template_id/', () =>
      HttpResponse.json({ message: templateEditConflictMessage, code: 'edit_conflict' }, { status: 409 }), { once: true }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(templateEditConflictMessage)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Sales deals');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows a viewer the templates without edit controls', async () => {
    seedTemplate(twoFields);
    as(addHubMember('vic@example.com', 'Vic', 'viewer').id);
    const { user } = renderWithApp(<TemplateList canManage={false} />);
    await user.click((await screen.findAllByRole('button', { name: 'View' }))[1] as HTMLElement);
    await screen.findByRole('region', { name: 'Deals' });
    expect(screen.getByText('Only hub owners and editors can change form templates.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save|Add field|New form template/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(within(preview()).getByText(/^Title/)).toBeInTheDocument();
  });
});
