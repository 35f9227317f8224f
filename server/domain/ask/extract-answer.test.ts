import { describe, expect, it } from 'vitest';
import { extractAnswer, type AskTerm, type PassageSentences } from './extract-answer';

const term = (lexeme: string, idf = 2, weight = 1): AskTerm => ({ lexeme, idf, weight });
/** A passage whose sentences' lexemes are their lower-cased words (the database stems them in the service). */
const passage = (...sentences: string[]): PassageSentences => ({
  sentences: sentences.map((text) => ({ text, lexemes: text.toLowerCase().match(/[a-z0-9]+/g) ?? [] })),
});

describe('extractAnswer', () => {
  it('answers with the sentence holding the rare terms, citing its passage', () => {
    const answer = extractAnswer({
      passages: [
        passage('The office opens at nine.', 'Parking costs 12 euros a day at the north garage.'),
        passage('Lunch is served at noon in the canteen.'),
      ],
      terms: [term('parking', 5), term('costs', 1)],
    });
    expect(answer).toEqual({ answered: true, sentences: [{ text: 'Parking costs 12 euros a day at the north garage.', passages: [0] }] });
  });

  it('says the same sentence once, citing every passage that holds it', () => {
    const answer = extractAnswer({
      passages: [passage('Badges are renewed every March by security.'), passage('Badges are renewed every March by security!')],
      terms: [term('badges'), term('renewed')],
    });
    expect(answer.sentences).toEqual([{ text: 'Badges are renewed every March by security.', passages: [0, 1] }]);
  });

  it('gives no answer when the sentences hold less than half of the question\'s terms', () => {
    const answer = extractAnswer({
      passages: [passage('The garden has many plants in it.')],
      terms: [term('garden', 1), term('zeppelin', 8), term('insurance', 6)],
    });
    expect(answer).toEqual({ answered: false, sentences: [] });
  });

  it('gives no answer without passages', () => {
    expect(extractAnswer({ passages: [], terms: [term('anything')] })).toEqual({ answered: false, sentences: [] });
  });

  it('judges a follow-up by its own terms, helped by those the conversation lends', () => {
    const answer = extractAnswer({
      passages: [passage('The Falcon kit has eight parts in the box.', 'The Falcon kit costs 40 euros in the shop.'), passage('Our price list changes in May.')],
      terms: [term('costs', 2), term('falcon', 4, 0.5), term('kit', 3, 0.5)],
    });
    expect(answer.sentences[0]).toEqual({ text: 'The Falcon kit costs 40 euros in the shop.', passages: [0] });
  });

  it('keeps at most three sentences, in the order of their passages, and leaves out titles and weak ones', () => {
    const answer = extractAnswer({
      passages: [
        passage('Refund rules', 'Refunds are paid within 14 days of the request.', 'Refunds need the receipt and the order number.'),
        passage('Refunds for gift cards are paid as store credit instead.', 'Refunds go through finance.', 'Refunds are tracked.'),
        passage('A refund is rare.'),
      ],
      terms: [term('refunds', 3), term('paid', 2), term('receipt', 2), term('days', 1)],
    });
    expect(answer.answered).toBe(true);
    expect(answer.sentences.length).toBeLessThanOrEqual(3);
    expect(answer.sentences.map((s) => s.text)).toContain('Refunds are paid within 14 days of the request.');
    expect(answer.sentences.map((s) => s.text)).not.toContain('Refund rules');
    const order = answer.sentences.map((s) => s.passages[0]!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
