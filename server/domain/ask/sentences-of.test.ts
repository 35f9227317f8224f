import { describe, expect, it } from 'vitest';
import { sentencesOf } from './sentences-of';

describe('sentencesOf', () => {
  it('joins a sentence a PDF wrapped over lines', () => {
    expect(sentencesOf('Log of the week.\nThe Vantablack telescope was calibrated on\n14 March by Ingrid Solberg. It worked.'))
      .toEqual(['Log of the week.', 'The Vantablack telescope was calibrated on 14 March by Ingrid Solberg.', 'It worked.']);
  });

  it('keeps list items, fields and paragraphs apart, and leaves headings out', () => {
    expect(sentencesOf('# Contacts\nName: Grace Hopper\nEmail: grace@navy.example\n\nBring\n- a laptop\n- a charger\n\nSee you'))
      .toEqual(['Name: Grace Hopper', 'Email: grace@navy.example', 'Bring', '- a laptop', '- a charger', 'See you']);
  });
});
