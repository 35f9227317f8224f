import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { contactFields } from '@/lib/contract/contents';
import { mockDb, server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { resetRouter } from '@/tests/router';
import { seedSpace, signInOwner } from '../spaces/fixtures';
import { findDialog, renderContentArea } from './fixtures';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => resetRouter('/spaces/x'));

async function openContactForm() {
  const space = seedSpace({ name: 'People' });
  await signInOwner();
  const { user } = await renderContentArea(space);
  await user.click(await screen.findByRole('button', { name: 'Add contact' }));
  const dialog = await findDialog('Add a contact');
  const field = (label: string) => within(dialog).getByLabelText(label);
  return { user, dialog, field, space };
}

const rest = { 'Contact number': '+44 20 7946 0958', Occupation: 'Engineer', Address: '1 Main Street', About: 'Met at the fair.' };

/** Types into each field the way a paste would (one change per field: typing six fields key by key is slow). */
async function fill(user: Awaited<ReturnType<typeof openContactForm>>['user'], field: (label: string) => HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.click(field(label));
    await user.paste(value);
  }
}

describe('add a contact', { timeout: 30_000 }, () => {
  it('builds the form from the contact template: labels, optional field, input types', async () => {
    const { field } = await openContactForm();
    for (const f of contactFields) {
      const input = field(f.required ? f.label : `${f.label} (optional)`);
      expect(input).toBeInTheDocument();
      if (f.required) expect(input).toHaveAttribute('aria-required', 'true');
      else expect(input).not.toHaveAttribute('aria-required', 'true');
    }
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Contact number')).toHaveAttribute('type', 'tel');
    expect(field('About').tagName).toBe('TEXTAREA');
  });

  it('checks every field with the shared rules and the spec’s message templates', async () => {
    const { user, dialog, field } = await openContactForm();
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    for (const label of ['Name', 'Email', 'Contact number', 'Occupation', 'Address', 'About']) {
      expect(await within(dialog).findByText(`Please enter ${label}`)).toBeInTheDocument();
    }
    expect(within(dialog).queryByText('Please enter Company name')).not.toBeInTheDocument();

    await user.type(field('Email'), 'ana@');
    await user.type(field('Contact number'), '12');
    expect(await within(dialog).findByText('Email is not a valid email')).toBeInTheDocument();
    expect(await within(dialog).findByText('Contact number is not a valid phone number')).toBeInTheDocument();
    await user.type(field('Name'), ' ');
    expect(within(dialog).getByText('Please enter Name')).toBeInTheDocument();
    expect(mockDb.data.contents).toHaveLength(0);
  });

  it('adds the contact and lists it', async () => {
    const { user, dialog, field, space } = await openContactForm();
    await fill(user, field, { Name: 'Ana Lima', Email: 'Ana@Acme.io', ...rest });
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));

    const row = await within(screen.getByRole('list', { name: 'Content of this space' })).findByRole('listitem', { name: 'Ana Lima' });
    expect(within(row).getByText('Contact')).toBeInTheDocument();
    const saved = mockDb.data.contents[0];
    expect(saved).toMatchObject({ spaceId: space.id, kind: 'contact', source: 'form' });
    expect(saved?.details.contact).toEqual({
      name: 'Ana Lima', email: 'ana@acme.io', contact_number: '+44 20 7946 0958', occupation: 'Engineer', address: '1 Main Street', about: 'Met at the fair.',
    });
  });

  it('shows the server’s field errors next to their fields, and keeps the button usable', async () => {
    server.use(
      http.post('*/api/v1/spaces/:id/contents/contacts/', () =>
        HttpResponse.json(
          { message: 'Please check the form.', code: 'validation_error', errors: { email: ['That address cannot receive mail.'] } },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, field } = await openContactForm();
    await fill(user, field, { Name: 'Ana Lima', Email: 'ana@acme.io', ...rest });
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));

    const message = await within(dialog).findByText('That address cannot receive mail.');
    expect(message.closest('.ant-form-item')).toContainElement(field('Email'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add contact' })).toBeEnabled());
  });
});
