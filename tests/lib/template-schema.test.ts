import { describe, expect, it } from 'vitest';
import type { AnyTemplateField, TemplateField } from '@/lib/contract/templates';
import { defaultValuesOf, fieldSchemaOf, isPhone, recordSchemaOf, valueToText } from '@/lib/validation/template-schema';

/** The messages a value gets from one field's rule, [] when it passes. */
function messagesOf(field: AnyTemplateField, value: unknown): string[] {
  const parsed = fieldSchemaOf(field).safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}
const parse = (field: AnyTemplateField, value: unknown) => fieldSchemaOf(field).parse(value);

const f = (type: AnyTemplateField['type'], extra: Partial<TemplateField> = {}): TemplateField => ({ key: 'x', label: 'X', type, required: false, ...extra });

describe('every type', () => {
  it('empty is null, or "Please enter" when required', () => {
    for (const type of ['text', 'string', 'textarea', 'email', 'phone', 'url', 'json', 'date', 'time', 'datetime', 'number', 'integer', 'select', 'multi-select', 'checkboxes', 'file'] as const) {
      const options = ['A', 'B'];
      expect(parse(f(type, { options }), undefined)).toBeNull();
      expect(parse(f(type, { options }), null)).toBeNull();
      expect(messagesOf(f(type, { options, required: true }), undefined)).toEqual(['Please enter X']);
    }
    expect(messagesOf(f('text', { required: true }), '   ')).toEqual(['Please enter X']);
    expect(messagesOf(f('multi-select', { required: true, options: ['A'] }), [])).toEqual(['Please enter X']);
  });
});

describe('text types', () => {
  it('trims text and paragraphs, keeps a code exactly, and refuses a blank code', () => {
    expect(parse(f('text'), '  Ana  ')).toBe('Ana');
    expect(parse(f('textarea'), ' a\nb ')).toBe('a\nb');
    expect(parse(f('string'), ' A1 ')).toBe(' A1 ');
    expect(messagesOf(f('string'), '   ')).toEqual(['X cannot be a blank character']);
  });

  it('checks the shortest and longest lengths, with the type’s limit when the template sets none', () => {
    expect(messagesOf(f('text', { min_length: 3 }), 'ab')).toEqual(['X must be at least 3 characters']);
    expect(messagesOf(f('text', { max_length: 5 }), 'abcdef')).toEqual(['X must be up to 5 characters']);
    expect(messagesOf(f('text'), 'a'.repeat(301))).toEqual(['X must be up to 300 characters']);
    expect(messagesOf(f('string'), 'a'.repeat(121))).toEqual(['X must be up to 120 characters']);
    expect(messagesOf(f('textarea'), 'a'.repeat(5001))).toEqual(['X must be up to 5000 characters']);
  });

  it('refuses control characters, but paragraphs keep line breaks and tabs', () => {
    expect(messagesOf(f('text'), 'a\u0000b')).toEqual(['X contains characters that are not allowed']);
    expect(messagesOf(f('text'), 'a\nb')).toEqual(['X contains characters that are not allowed']);
    expect(parse(f('textarea'), 'a\n\tb')).toBe('a\n\tb');
  });
});

describe('formats', () => {
  it('email, phone, url, json', () => {
    expect(parse(f('email'), 'Ana@Acme.io')).toBe('ana@acme.io');
    expect(messagesOf(f('email'), 'ana@')).toEqual(['X is not a valid email']);
    expect(parse(f('phone'), '+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(isPhone('+1 (555) 010-9999')).toBe(true);
    for (const bad of ['12', 'call me', '+1234567890123456']) expect(messagesOf(f('phone'), bad)).toEqual(['X is not a valid phone number']);
    expect(parse(f('url'), 'https://acme.io/a')).toBe('https://acme.io/a');
    for (const bad of ['javascript:alert(1)', 'ftp://acme.io', 'https://localhost']) expect(messagesOf(f('url'), bad)).toEqual(['X is not a valid url']);
    expect(parse(f('json'), '{"a":1}')).toBe('{"a":1}');
    expect(messagesOf(f('json'), '{a')).toEqual(['X is not a valid json']);
  });

  it('date, time and date-and-time', () => {
    expect(parse(f('date'), '2024-02-29')).toBe('2024-02-29');
    expect(messagesOf(f('date'), '2023-02-29')).toEqual(['X is not a valid date']);
    expect(parse(f('time'), '14:05')).toBe('14:05');
    expect(messagesOf(f('time'), '24:00')).toEqual(['X is not a valid time']);
    expect(parse(f('datetime'), '2026-11-26T14:05:00+01:00')).toBe('2026-11-26T14:05:00+01:00');
    expect(messagesOf(f('datetime'), '2026-11-26 14:05')).toEqual(['X is not a valid date and time']);
  });
});

describe('numbers', () => {
  it('takes numbers and numeric text, refuses others, checks the range', () => {
    expect(parse(f('number'), ' 12.5 ')).toBe(12.5);
    expect(messagesOf(f('number'), '12abc')).toEqual(['X is not a valid number']);
    expect(messagesOf(f('integer'), 2.5)).toEqual(['X is not a valid integer']);
    expect(parse(f('integer'), '7')).toBe(7);
    expect(messagesOf(f('number', { min: 1, max: 10 }), 11)).toEqual(['X must be between 1-10']);
    expect(messagesOf(f('number', { min: 1 }), 0)).toEqual(['X must be 1 or more']);
    expect(messagesOf(f('number', { max: 1 }), 2)).toEqual(['X must be 1 or less']);
  });
});

describe('options and files', () => {
  it('takes only the template’s options, once each', () => {
    const options = ['Red', 'Blue'];
    expect(parse(f('select', { options }), 'Red')).toBe('Red');
    expect(messagesOf(f('select', { options }), 'Green')).toEqual(['X is not a valid option']);
    expect(parse(f('multi-select', { options }), ['Blue', 'Red'])).toEqual(['Blue', 'Red']);
    expect(messagesOf(f('checkboxes', { options }), ['Red', 'Red'])).toEqual(['X is not a valid option']);
    expect(messagesOf(f('multi-select', { options }), ['Green'])).toEqual(['X is not a valid option']);
  });

  it('checks a file’s type and size', () => {
    const field = f('file', { extensions: ['pdf'], max_bytes: 2048 });
    const file = { content_id: '4b0c2f7e-6a5c-4d8e-9c1a-2b3c4d5e6f70', name: 'cv.pdf', size: 100 };
    expect(parse(field, file)).toEqual(file);
    expect(messagesOf(field, { ...file, name: 'cv.exe' })).toEqual(['X is not a valid file type']);
    expect(messagesOf(field, { ...file, size: 4096 })).toEqual(['X must be up to 2 KB']);
  });
});

describe('recordSchemaOf', () => {
  const fields: TemplateField[] = [
    { key: 'name', label: 'Name', type: 'text', required: true },
    { key: 'age', label: 'Age', type: 'integer', required: false },
    { key: 'old', label: 'Old', type: 'text', required: true, removed: true },
    { key: 'home', label: 'Home', type: 'form', required: false, fields: [{ key: 'town', label: 'Town', type: 'text', required: true }] },
  ];

  it('checks every live field, keeps removed ones untouched and refuses unknown keys', () => {
    const parsed = recordSchemaOf(fields).safeParse({ age: 'x', old: 42, extra: 1, home: {} });
    expect(parsed.success).toBe(false);
    const errors = parsed.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(errors).toEqual([
      ['extra', 'There is no field "extra"'],
      ['name', 'Please enter Name'],
      ['age', 'Age is not a valid integer'],
      ['home.town', 'Please enter Town'],
    ]);
    expect(recordSchemaOf(fields).parse({ name: ' Ana ', old: 42, home: { town: 'Leeds' } })).toEqual({ name: 'Ana', age: null, old: 42, home: { town: 'Leeds' } });
  });

  it('checks only the fields sent in partial mode (a required field added later applies when edited)', () => {
    expect(recordSchemaOf(fields, { partial: true }).parse({ age: 3 })).toEqual({ age: 3 });
    expect(recordSchemaOf(fields, { partial: true }).safeParse({ name: '' }).error?.issues[0]?.message).toBe('Please enter Name');
  });
});

describe('defaultValuesOf and valueToText', () => {
  it('keeps only defaults that pass their field’s rule, never of removed fields', () => {
    expect(
      defaultValuesOf([
        f('text', { key: 'a', default: ' Hi ' }),
        f('number', { key: 'b', default: 'nope' }),
        f('select', { key: 'c', options: ['A'], default: 'A', required: true }),
        f('text', { key: 'd', default: 'gone', removed: true }),
      ]),
    ).toEqual({ a: 'Hi', c: 'A' });
  });

  it('writes any value as one line', () => {
    expect(valueToText(f('multi-select'), ['A', 'B'])).toBe('A, B');
    expect(valueToText(f('file'), { content_id: 'x', name: 'cv.pdf', size: 1 })).toBe('cv.pdf');
    expect(valueToText(f('form', { fields: [{ key: 'a', label: 'A', type: 'text', required: false }, { key: 'b', label: 'B', type: 'number', required: false }] }), { a: 'x', b: 2 })).toBe('x; 2');
    expect(valueToText(f('text'), null)).toBe('');
  });
});
