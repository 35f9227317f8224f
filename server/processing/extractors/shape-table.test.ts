import { describe, expect, it } from 'vitest';
import { sniffDelimiter } from './read-delimited';
import { contactText, shapeContacts, shapeTable, valueType } from './shape-table';

describe('valueType', () => {
  it.each([
    ['42', 'number'], ['-3.5', 'number'], ['1,234,567.89', 'number'], ['007', 'text'],
    ['yes', 'boolean'], ['FALSE', 'boolean'], ['2025-01-31', 'date'], ['2025-01-31T10:00:00Z', 'date'], ['31/01/2025', 'date'],
    ['ann@example.com', 'email'], ['https://example.com/a', 'url'], ['www.example.com', 'url'],
    ['+44 20 7946 0958', 'phone'], ['(555) 010-0199', 'phone'], ['Hello world', 'text'],
  ] as const)('%s is %s', (value, type) => expect(valueType(value)).toBe(type));
});

describe('shapeTable', () => {
  it('takes a first row of distinct labels as the header and types each column', () => {
    const table = shapeTable([
      ['Name', 'Age', 'Member', 'Joined', 'Email', 'Site', 'Phone'],
      ['Ann', '31', 'yes', '2024-01-02', 'ann@example.com', 'https://ann.example', '+1 555 010 0101'],
      ['Bob', '1,200', 'no', '2024-02-03', 'bob@example.com', 'https://bob.example', '+1 555 010 0102'],
      ['', '', '', '', '', '', ''],
    ]);
    expect(table.columns).toEqual([
      { name: 'Name', type: 'text' }, { name: 'Age', type: 'number' }, { name: 'Member', type: 'boolean' },
      { name: 'Joined', type: 'date' }, { name: 'Email', type: 'email' }, { name: 'Site', type: 'url' }, { name: 'Phone', type: 'phone' },
    ]);
    expect(table.rows).toEqual([
      ['Ann', 31, true, '2024-01-02', 'ann@example.com', 'https://ann.example', '+1 555 010 0101'],
      ['Bob', 1200, false, '2024-02-03', 'bob@example.com', 'https://bob.example', '+1 555 010 0102'],
    ]);
  });

  it('names the columns "Column 1…" when the first row is data', () => {
    expect(shapeTable([['1', '2'], ['3', '4']])).toEqual({
      columns: [{ name: 'Column 1', type: 'number' }, { name: 'Column 2', type: 'number' }],
      rows: [[1, 2], [3, 4]],
    });
    // Repeated labels are data, not a header.
    expect(shapeTable([['red', 'red'], ['blue', 'green']]).columns.map((c) => c.name)).toEqual(['Column 1', 'Column 2']);
    // A row of addresses is data too.
    expect(shapeTable([['Ann', 'ann@example.com', '+1 555 010 0101']]).columns.map((c) => c.name)).toEqual(['Column 1', 'Column 2', 'Column 3']);
  });

  it('pads short rows, keeps mixed columns as text and values from spreadsheets as they are', () => {
    const table = shapeTable([['Item', 'Qty', 'Note'], ['Pens', 3], ['Ink', 'n/a', 'later'], ['Paper', 5, null]]);
    expect(table.columns).toEqual([{ name: 'Item', type: 'text' }, { name: 'Qty', type: 'text' }, { name: 'Note', type: 'text' }]);
    expect(table.rows).toEqual([['Pens', 3, null], ['Ink', 'n/a', 'later'], ['Paper', 5, null]]);
  });
});

describe('shapeContacts', () => {
  it('maps header synonyms onto the contact form fields, in the form order, keeping other columns after them', () => {
    const table = shapeContacts([
      ['Mobile', 'Full Name', 'E-mail', 'Organisation', 'Job Title', 'Location', 'Notes', 'Twitter'],
      ['+91 98765 43210', 'Asha Rao', 'asha@example.com', 'Acme', 'Engineer', 'Pune', 'Met at a meetup', '@asha'],
    ]);
    expect(table.columns).toEqual([
      { name: 'name', type: 'text' }, { name: 'email', type: 'email' }, { name: 'contact_number', type: 'phone' },
      { name: 'occupation', type: 'text' }, { name: 'company_name', type: 'text' }, { name: 'address', type: 'text' },
      { name: 'about', type: 'text' }, { name: 'Twitter', type: 'text' },
    ]);
    expect(table.rows).toEqual([['Asha Rao', 'asha@example.com', '+91 98765 43210', 'Engineer', 'Acme', 'Pune', 'Met at a meetup', '@asha']]);
  });

  it('leaves missing fields empty and keeps numbers as text', () => {
    const table = shapeContacts([['Name', 'Phone'], ['Ben', 5550100]]);
    expect(table.columns.map((c) => c.name)).toEqual(['name', 'email', 'contact_number', 'occupation', 'company_name', 'address', 'about']);
    expect(table.rows).toEqual([['Ben', null, '5550100', null, null, null, null]]);
  });

  it('reads as one line of labelled values per person, located by row', () => {
    const text = contactText(shapeContacts([['Name', 'Phone', 'Department'], ['Ben', 5550100, 'Budget'], ['Cy', null, 'Sales']]));
    expect(text.text).toBe('Name: Ben · Contact number: 5550100 · Department: Budget\nName: Cy · Department: Sales');
    expect(text.segments.map((s) => s.location)).toEqual([{ row: 0 }, { row: 1 }]);
  });

  it('without a header, takes the columns in the form order', () => {
    const table = shapeContacts([['Cy', 'cy@example.com', '+1 555 010 0199']]);
    expect(table.rows).toEqual([['Cy', 'cy@example.com', '+1 555 010 0199', null, null, null, null]]);
  });
});

describe('sniffDelimiter', () => {
  it('finds the delimiter used consistently on every line', () => {
    expect(sniffDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(sniffDelimiter('a;b;c\n"1,5";2;3\n')).toBe(';');
    expect(sniffDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(sniffDelimiter('a|b\n1|2\n')).toBe('|');
    expect(sniffDelimiter('just one column\nsecond line\n')).toBe(',');
  });
});
