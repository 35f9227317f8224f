import { describe, expect, it } from 'vitest';
import type { TemplateField } from '@/lib/contract/templates';
import { templateChangeErrors } from '@/lib/validation/template-changes';

const before: TemplateField[] = [
  { key: 'name', label: 'Name', type: 'text', required: true },
  { key: 'home', label: 'Home', type: 'form', required: false, fields: [{ key: 'city', label: 'City', type: 'text', required: false }] },
];

describe('templateChangeErrors', () => {
  it('allows reordering, adding, removing (marking) and restoring fields', () => {
    const after: TemplateField[] = [
      { ...before[1], removed: true } as TemplateField,
      { ...before[0], label: 'Full name', required: false } as TemplateField,
      { key: 'age', label: 'Age', type: 'integer', required: true },
    ];
    expect(templateChangeErrors(before, after)).toEqual({});
  });

  it('refuses a changed type where it happened, also inside a group', () => {
    const after: TemplateField[] = [
      { key: 'name', label: 'Name', type: 'textarea', required: true },
      { key: 'home', label: 'Home', type: 'form', required: false, fields: [{ key: 'city', label: 'City', type: 'number', required: false }] },
    ];
    expect(Object.keys(templateChangeErrors(before, after))).toEqual(['fields.0.type', 'fields.1.fields.0.type']);
  });

  it('refuses a dropped field', () => {
    const after: TemplateField[] = [{ key: 'home', label: 'Home', type: 'form', required: false, fields: [] }];
    expect(templateChangeErrors(before, after)).toEqual({
      fields: ["Name can't be deleted once saved; mark it removed instead"],
      'fields.0.fields': ["City can't be deleted once saved; mark it removed instead"],
    });
  });
});
