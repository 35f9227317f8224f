import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import type { AnyTemplateField, RecordValues, TemplateField } from '@/lib/contract/templates';
import { isPhone } from '@/lib/validation/template-schema';
import { FieldValueView, TemplateFields, initialValuesOf } from '@/components/records/TemplateFields';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { mockDb, server } from '@/mocks/node';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { renderWithApp, resetAuthAfterEach } from '@/tests/render';
import { fileOf, stubNodeMultipart } from '../contents/fixtures';
import { seedSpace, signInOwner } from '../spaces/fixtures';

setupMockServer();
resetAuthAfterEach();
stubNodeMultipart();

/** The fields in a form with a Save button; `saved` gets what the form hands onFinish. */
function renderForm(fields: AnyTemplateField[], opts: { initialValues?: RecordValues; spaceId?: string } = {}) {
  const saved = vi.fn<(values: RecordValues) => void>();
  function Harness() {
    const [form] = Form.useForm<RecordValues>();
    return (
      <VerticalForm<RecordValues> form={form} onFinish={saved} initialValues={opts.initialValues}>
        <TemplateFields fields={fields} spaceId={opts.spaceId} />
        <Button htmlType="submit">Save</Button>
      </VerticalForm>
    );
  }
  const rendered = renderWithApp(<Harness />);
  const save = () => rendered.user.click(screen.getByRole('button', { name: 'Save' }));
  return { ...rendered, saved, save };
}

/** The message shown in the same form item as the control labelled `label`. */
async function expectMessageNextTo(label: string, message: string) {
  const shown = await screen.findByText(message);
  expect(shown.closest('.ant-form-item')).toContainElement(screen.getByLabelText(label));
}

const savedWith = async (saved: ReturnType<typeof renderForm>['saved'], values: RecordValues) =>
  waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining(values)));

describe('text, string and paragraph fields', () => {
  const fields: TemplateField[] = [
    { key: 'title', label: 'Title', type: 'text', required: true, min_length: 3, max_length: 10 },
    { key: 'code', label: 'Code', type: 'string', required: false },
    { key: 'notes', label: 'Notes', type: 'textarea', required: true },
  ];

  it('asks for required fields, marks them aria-required and says which are optional', async () => {
    const { save, saved } = renderForm(fields);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Code (optional)')).not.toHaveAttribute('aria-required');
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
    await save();
    await expectMessageNextTo('Title', 'Please enter Title');
    await expectMessageNextTo('Notes', 'Please enter Notes');
    expect(saved).not.toHaveBeenCalled();
  });

  it('checks the shortest and longest length and blank codes with the spec’s messages', async () => {
    const { user, save } = renderForm(fields, { initialValues: { notes: 'n'.repeat(5001) } });
    await user.type(screen.getByLabelText('Title'), 'ab');
    await expectMessageNextTo('Title', 'Title must be at least 3 characters');
    await user.type(screen.getByLabelText('Code (optional)'), '   ');
    await expectMessageNextTo('Code (optional)', 'Code cannot be a blank character');
    await save();
    await expectMessageNextTo('Notes', 'Notes must be up to 5000 characters');
    // The box keeps typing within the limit.
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxlength', '10');
  });

  it('hands the typed text to the form', async () => {
    const { user, save, saved } = renderForm(fields);
    await user.type(screen.getByLabelText('Title'), 'Hello');
    await user.type(screen.getByLabelText('Code (optional)'), 'AB-1');
    await user.type(screen.getByLabelText('Notes'), 'Line one{Enter}Line two');
    await save();
    await savedWith(saved, { title: 'Hello', code: 'AB-1', notes: 'Line one\nLine two' });
  });
});

describe('email, link and phone fields', () => {
  const fields: TemplateField[] = [
    { key: 'email', label: 'Email', type: 'email', required: true },
    { key: 'site', label: 'Website', type: 'url', required: false },
    { key: 'phone', label: 'Phone', type: 'phone', required: true },
  ];

  it('refuses values that are not an email, a web link or a phone number', async () => {
    const { user } = renderForm(fields);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Website (optional)')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    await user.type(screen.getByLabelText('Email'), 'ana@');
    await user.type(screen.getByLabelText('Website (optional)'), 'ftp://files.example.com');
    await user.type(screen.getByLabelText('Phone'), '12');
    await expectMessageNextTo('Email', 'Email is not a valid email');
    await expectMessageNextTo('Website (optional)', 'Website is not a valid url');
    await expectMessageNextTo('Phone', 'Phone is not a valid phone number');
  });

  it('stores the phone number as one string with the chosen country code', async () => {
    const { user, save, saved } = renderForm(fields);
    await user.type(screen.getByLabelText('Email'), 'ana@acme.io');
    await user.type(screen.getByLabelText('Website (optional)'), 'https://acme.io');
    await user.click(screen.getByLabelText('Phone country code'));
    await user.type(screen.getByLabelText('Phone country code'), 'United Kingdom');
    await user.click(await screen.findByTitle('+44 United Kingdom'));
    await user.type(screen.getByLabelText('Phone'), '20 7946 0958');
    await save();
    await savedWith(saved, { email: 'ana@acme.io', site: 'https://acme.io', phone: '+44 20 7946 0958' });
    expect(isPhone('+44 20 7946 0958')).toBe(true);
  });

  it('takes a pasted international number apart into its code and number', async () => {
    const { user, save, saved } = renderForm(fields, { initialValues: { email: 'ana@acme.io' } });
    await user.click(screen.getByLabelText('Phone'));
    await user.paste('+353 1 234 5678');
    expect(screen.getByLabelText('Phone')).toHaveValue('1 234 5678');
    await save();
    await savedWith(saved, { phone: '+353 1 234 5678' });
  });

  it('shows a stored number as its code and number', () => {
    renderForm(fields, { initialValues: { phone: '+44 20 7946 0958' } });
    expect(screen.getByLabelText('Phone')).toHaveValue('20 7946 0958');
  });
});

describe('number and whole-number fields', () => {
  const fields: TemplateField[] = [
    { key: 'amount', label: 'Amount', type: 'number', required: true, min: 1, max: 10 },
    { key: 'count', label: 'Count', type: 'integer', required: false, min: 0 },
  ];

  it('checks the range with the spec’s message', async () => {
    const { user } = renderForm(fields);
    await user.type(screen.getByLabelText('Amount'), '11');
    await expectMessageNextTo('Amount', 'Amount must be between 1-10');
    await user.type(screen.getByLabelText('Count (optional)'), '-3');
    await expectMessageNextTo('Count (optional)', 'Count must be 0 or more');
  });

  it('hands numbers (not text) to the form, null when cleared', async () => {
    const { user, save, saved } = renderForm(fields, { initialValues: { count: 4 } });
    await user.type(screen.getByLabelText('Amount'), '2.5');
    await user.clear(screen.getByLabelText('Count (optional)'));
    await save();
    await savedWith(saved, { amount: 2.5, count: null });
  });

  it('keeps text that is not a number and says so, rather than dropping it', async () => {
    const { user } = renderForm(fields);
    await user.type(screen.getByLabelText('Amount'), '12abc');
    await user.tab();
    await expectMessageNextTo('Amount', 'Amount is not a valid number');
    expect(screen.getByLabelText('Amount')).toHaveValue('12abc');
  });

  it('asks for a required number', async () => {
    const { save } = renderForm(fields);
    await save();
    await expectMessageNextTo('Amount', 'Please enter Amount');
  });
});

describe('JSON field', () => {
  const fields: TemplateField[] = [{ key: 'data', label: 'Data', type: 'json', required: true }];

  it('refuses text that is not JSON and formats JSON that is', async () => {
    const { user, save, saved } = renderForm(fields);
    await user.click(screen.getByLabelText('Data'));
    await user.paste('{"a":');
    await expectMessageNextTo('Data', 'Data is not a valid json');
    expect(screen.getByRole('button', { name: 'Format Data' })).toBeDisabled();
    await user.paste('1}');
    await user.click(screen.getByRole('button', { name: 'Format Data' }));
    expect(screen.getByLabelText('Data')).toHaveValue('{\n  "a": 1\n}');
    await save();
    await savedWith(saved, { data: '{\n  "a": 1\n}' });
  });
});

describe('date, time and date-and-time fields', () => {
  const fields: TemplateField[] = [
    { key: 'day', label: 'Day', type: 'date', required: true },
    { key: 'at', label: 'At', type: 'time', required: true },
    { key: 'when', label: 'When', type: 'datetime', required: false },
  ];

  it('asks for required ones', async () => {
    const { save } = renderForm(fields);
    await save();
    await expectMessageNextTo('Day', 'Please enter Day');
    await expectMessageNextTo('At', 'Please enter At');
  });

  it('stores YYYY-MM-DD, HH:mm and an ISO instant with its offset', async () => {
    const { user, save, saved } = renderForm(fields);
    // Enter in a picker also submits the form: the last save has every value.
    await user.type(screen.getByLabelText('Day'), '2026-11-26{Enter}');
    await user.type(screen.getByLabelText('At'), '14:05{Enter}');
    await user.type(screen.getByLabelText('When (optional)'), '2026-11-26 14:05');
    await user.click(document.body);
    await save();
    const last = () => saved.mock.calls.at(-1)?.[0];
    await waitFor(() => expect(last()).toHaveProperty('when'));
    const values = last();
    expect(values).toMatchObject({ day: '2026-11-26', at: '14:05' });
    expect(values?.when).toMatch(/^2026-11-26T14:05:00([+-]\d{2}:\d{2}|Z)$/);
  });
});

describe('choice fields', () => {
  const fields: TemplateField[] = [
    { key: 'stage', label: 'Stage', type: 'select', required: true, options: ['Lead', 'Won', 'Lost'] },
    { key: 'tags', label: 'Tags', type: 'multi-select', required: false, options: ['Red', 'Green', 'Blue'] },
    { key: 'days', label: 'Days', type: 'checkboxes', required: true, options: ['Mon', 'Tue', 'Wed'] },
  ];

  it('asks for required choices', async () => {
    const { save } = renderForm(fields);
    await save();
    await expectMessageNextTo('Stage', 'Please enter Stage');
    expect(await screen.findByText('Please enter Days')).toBeInTheDocument();
  });

  it('refuses a value that is not one of the options (an old record)', async () => {
    const { save } = renderForm(fields, { initialValues: { stage: 'Lead', days: ['Mon'], tags: ['Purple'] } });
    await save();
    expect(await screen.findByText('Tags is not a valid option')).toBeInTheDocument();
  });

  it('hands the chosen option and arrays of options to the form', async () => {
    const { user, save, saved } = renderForm(fields);
    await user.click(screen.getByLabelText('Stage'));
    await user.click(await screen.findByTitle('Won'));
    await user.click(screen.getByLabelText('Tags (optional)'));
    await user.click(await screen.findByTitle('Red'));
    await user.click(await screen.findByTitle('Blue'));
    const days = screen.getByRole('group', { name: 'Days' });
    await user.click(within(days).getByRole('checkbox', { name: 'Mon' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Wed' }));
    await save();
    await savedWith(saved, { stage: 'Won', tags: ['Red', 'Blue'], days: ['Mon', 'Wed'] });
  });
});

describe('group field', () => {
  const fields: TemplateField[] = [
    {
      key: 'address', label: 'Address', type: 'form', required: false,
      fields: [
        { key: 'street', label: 'Street', type: 'text', required: true },
        { key: 'zip', label: 'Postcode', type: 'string', required: false, max_length: 8, default: 'N1' },
      ],
    },
  ];

  it('draws its fields in a labelled group and checks each of them', async () => {
    const { save, saved } = renderForm(fields, { initialValues: initialValuesOf(fields) });
    expect(screen.getByRole('group', { name: 'Address (optional)' })).toContainElement(screen.getByLabelText('Street'));
    expect(screen.getByLabelText('Postcode (optional)')).toHaveValue('N1');
    await save();
    await expectMessageNextTo('Street', 'Please enter Street');
    expect(saved).not.toHaveBeenCalled();
  });

  it('hands the group’s values to the form as one object', async () => {
    const { user, save, saved } = renderForm(fields, { initialValues: initialValuesOf(fields) });
    await user.type(screen.getByLabelText('Street'), '1 Main Street');
    await save();
    await savedWith(saved, { address: { street: '1 Main Street', zip: 'N1' } });
  });
});

describe('file field', () => {
  const fields: TemplateField[] = [{ key: 'cv', label: 'CV', type: 'file', required: true, extensions: ['pdf', 'txt'], max_bytes: 1024 }];
  // user-event drops files the input's accept list refuses; the control's own check is what is tested here.
  const picker = () => userEvent.setup({ applyAccept: false });
  const fileInput = () => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    return input;
  };

  async function inSpace() {
    const space = seedSpace({ name: 'People' });
    await signInOwner();
    return space;
  }

  it('refuses a wrong type and a file too large before sending anything', async () => {
    const space = await inSpace();
    const sent = vi.fn();
    server.use(http.post('*/api/v1/spaces/:id/contents/upload/', () => {
      sent();
      return HttpResponse.json({}, { status: 500 });
    }));
    renderForm(fields, { spaceId: space.id });
    await picker().upload(fileInput(), fileOf('x', 'photo.png', 'image/png'));
    expect(await screen.findByText('CV is not a valid file type')).toBeInTheDocument();
    await picker().upload(fileInput(), fileOf('x'.repeat(2048), 'cv.pdf', 'application/pdf'));
    expect(await screen.findByText('CV must be up to 1 KB')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('uploads into the space and stores the item, name and size; the file can be removed', async () => {
    const space = await inSpace();
    const { user, save, saved } = renderForm(fields, { spaceId: space.id });
    await picker().upload(fileInput(), fileOf('Ana Lima, engineer', 'cv.txt', 'text/plain'));
    expect(await screen.findByText('cv.txt')).toBeInTheDocument();
    const item = mockDb.data.contents.find((c) => c.name === 'cv.txt');
    if (!item) throw new Error('the file was not uploaded');
    await save();
    await savedWith(saved, { cv: { content_id: item.id, name: 'cv.txt', size: 18 } });
    await user.click(screen.getByRole('button', { name: 'Remove cv.txt' }));
    expect(screen.queryByText('cv.txt')).not.toBeInTheDocument();
  });

  it('offers to try again when the upload fails', async () => {
    const space = await inSpace();
    server.use(http.post('*/api/v1/spaces/:id/contents/upload/', () => HttpResponse.json({ message: 'Storage is busy.' }, { status: 503 }), { once: true }));
    renderForm(fields, { spaceId: space.id });
    await picker().upload(fileInput(), fileOf('hello', 'cv.txt', 'text/plain'));
    expect(await screen.findByText('Storage is busy.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('cv.txt')).toBeInTheDocument();
  });

  it('cannot upload without a space (a preview)', () => {
    renderForm(fields);
    expect(screen.getByRole('button', { name: 'Choose a file for CV' })).toBeDisabled();
    expect(screen.getByText('Files can be added once the table is in a space.')).toBeInTheDocument();
  });
});

describe('FieldValueView', () => {
  const view = (field: AnyTemplateField, value: unknown, spaceId?: string) => renderWithApp(<FieldValueView field={field} value={value} spaceId={spaceId} />);

  it('shows an empty value as a grey dash named "Empty"', () => {
    view({ key: 'a', label: 'A', type: 'text', required: false }, '  ');
    expect(screen.getByLabelText('Empty')).toHaveTextContent('—');
  });

  it('links emails, phones and web links (only http and https, in a new tab)', () => {
    view({ key: 'e', label: 'E', type: 'email', required: false }, 'ana@acme.io');
    expect(screen.getByRole('link', { name: 'ana@acme.io' })).toHaveAttribute('href', 'mailto:ana@acme.io');
    view({ key: 'p', label: 'P', type: 'phone', required: false }, '+44 20 7946 0958');
    expect(screen.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    view({ key: 'u', label: 'U', type: 'url', required: false }, 'https://acme.io/a');
    const link = screen.getByRole('link', { name: 'https://acme.io/a' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    view({ key: 'u', label: 'U', type: 'url', required: false }, 'javascript:alert(1)');
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
  });

  it('formats dates, times, numbers, choices, groups and files for people', () => {
    view({ key: 'd', label: 'D', type: 'date', required: false }, '2026-11-26');
    expect(screen.getByText('26 Nov 2026')).toBeInTheDocument();
    view({ key: 't', label: 'T', type: 'time', required: false }, '14:05:30');
    expect(screen.getByText('14:05')).toBeInTheDocument();
    view({ key: 'n', label: 'N', type: 'number', required: false }, 1234567.891);
    expect(screen.getByText(new Intl.NumberFormat().format(1234567.891))).toBeInTheDocument();
    view({ key: 'm', label: 'M', type: 'multi-select', required: false, options: ['Red', 'Blue'] }, ['Red', 'Blue']);
    expect(screen.getByText('Red')).toHaveClass('ant-tag');
    view({ key: 'g', label: 'G', type: 'form', required: false, fields: [{ key: 'a', label: 'Street', type: 'text', required: false }, { key: 'b', label: 'Town', type: 'text', required: false }] }, { a: '1 Main St', b: 'Leeds' });
    expect(screen.getByText('Street: 1 Main St; Town: Leeds')).toBeInTheDocument();
    view({ key: 'f', label: 'F', type: 'file', required: false }, { content_id: '4b0c2f7e-6a5c-4d8e-9c1a-2b3c4d5e6f70', name: 'cv.pdf', size: 10 }, 'space-1');
    expect(screen.getByRole('link', { name: 'cv.pdf' })).toHaveAttribute('href', '/spaces/space-1?content=4b0c2f7e-6a5c-4d8e-9c1a-2b3c4d5e6f70');
  });
});
