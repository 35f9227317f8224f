import { describe, expect, it } from 'vitest';
import { leansOnConversation, questionText } from './question-terms';

describe('questionText', () => {
  it('drops the asking words and folds accents and case', () => {
    expect(questionText('Can you tell me what the Café opening hours are?')).toBe('you what the cafe opening hours are');
  });
});

describe('leansOnConversation', () => {
  it('is true of short questions, pointing words and "and/what about" openings', () => {
    expect(leansOnConversation('And the price?')).toBe(true);
    expect(leansOnConversation('how much does its yearly licence cost in total')).toBe(true);
    expect(leansOnConversation('what about the warehouse in the north region')).toBe(true);
  });

  it('is false of a question that stands on its own', () => {
    expect(leansOnConversation('how many vacation days do new employees get')).toBe(false);
  });
});
