import { describe, expect, it } from 'vitest';
import { contactTemplateFields, type TemplateField } from '../../../lib/contract/templates';
import { suggestMapping, type ImportColumn } from './suggest-mapping';

const column = (name: string, ...samples: string[]): ImportColumn => ({ name, samples });
const contact: TemplateField[] = contactTemplateFields.map((f) => ({ ...f }));

const fields: TemplateField[] = [
  { key: 'title', label: 'Title', type: 'text', required: true },
  { key: 'budget', label: 'Budget', type: 'number', required: false },
  { key: 'owner_email', label: 'Owner', type: 'email', required: false },
  { key: 'due', label: 'Due date', type: 'date', required: false },
  { key: 'stage', label: 'Stage', type: 'select', required: false, options: ['Idea', 'Doing', 'Done'] },
  { key: 'tags', label: 'Tags', type: 'multi-select', required: false, options: ['red', 'blue'] },
  { key: 'notes', label: 'Notes', type: 'textarea', required: false },
];

describe('suggestMapping', () => {
  it("maps columns whose header is a field's key or label, whatever the case and punctuation", () => {
    const mapping = suggestMapping(fields, [column('NOTES'), column('due-date'), column('owner_email'), column('Title')]);
    expect(mapping).toEqual({ title: 3, budget: null, owner_email: 2, due: 1, stage: null, tags: null, notes: 0 });
  });

  it("maps a contact file's headers through the contact form's synonyms", () => {
    const mapping = suggestMapping(contact, [
      column('Full Name'), column('E-mail address'), column('Mobile'), column('Job title'), column('Employer'), column('Location'), column('Bio'),
    ]);
    expect(mapping).toEqual({ name: 0, email: 1, contact_number: 2, occupation: 3, company_name: 4, address: 5, about: 6 });
  });

  it('names an email or phone field of any template by the same words', () => {
    const custom: TemplateField[] = [
      { key: 'reach', label: 'Reach', type: 'phone', required: false },
      { key: 'inbox', label: 'Inbox', type: 'email', required: false },
    ];
    expect(suggestMapping(custom, [column('E-mail'), column('Telephone')])).toEqual({ reach: 1, inbox: 0 });
  });

  it('falls back to values: emails, numbers, dates and options, never plain text', () => {
    const mapping = suggestMapping(fields, [
      column('A', 'x@example.com', 'y@example.org'),
      column('B', '12.5', '7'),
      column('C', '2024-01-31'),
      column('D', 'Doing', 'Done'),
      column('E', 'red, blue', 'blue'),
      column('F', 'anything at all'),
    ]);
    expect(mapping).toEqual({ title: null, budget: 1, owner_email: 0, due: 2, stage: 3, tags: 4, notes: null });
  });

  it('uses a column once, and needs every sample to fit', () => {
    const mapping = suggestMapping(fields, [column('Budget', '3'), column('Other', '4', 'four'), column('Empty')]);
    // "Budget" went to its field by name; "Other" has a sample that is no number; "Empty" has none.
    expect(mapping.budget).toBe(0);
    expect(Object.values(mapping).filter((index) => index !== null)).toEqual([0]);
  });

  it('prefers an exact name to a synonym, so a synonym never takes the column another field names', () => {
    const custom: TemplateField[] = [
      { key: 'contact_number', label: 'Contact number', type: 'phone', required: false },
      { key: 'number', label: 'Number', type: 'integer', required: false },
    ];
    expect(suggestMapping(custom, [column('Number'), column('Phone')])).toEqual({ contact_number: 1, number: 0 });
  });

  it('leaves out removed fields, groups of fields and files', () => {
    const mapping = suggestMapping(
      [
        { key: 'old', label: 'Old', type: 'text', required: false, removed: true },
        { key: 'group', label: 'Group', type: 'form', required: false, fields: [{ key: 'inner', label: 'Inner', type: 'text', required: false }] },
        { key: 'attachment', label: 'Attachment', type: 'file', required: false },
        { key: 'kept', label: 'Kept', type: 'text', required: false },
      ],
      [column('Old'), column('Group'), column('Inner'), column('Attachment'), column('Kept')],
    );
    expect(mapping).toEqual({ kept: 4 });
  });
});
