import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSnippet, SNIPPET_LENGTH, termsOfQueryTree } from './build-snippet';
import { searchableText } from './search-text';

const snippet = (body: string | null, terms: string[], name = 'Untitled') => buildSnippet({ body, name, terms });
const marked = (body: string, terms: string[]) => snippet(body, terms).filter((part) => part.match).map((part) => part.text);
const textOf = (parts: Array<{ text: string }>) => parts.map((part) => part.text).join('');
/** The lexemes the index makes of a CJK query: its bigrams. */
const cjkTerms = (query: string) => searchableText(query).trim().split(/\s+/);

describe('buildSnippet', () => {
  it('marks the original spelling of an accent-folded match', () => {
    expect(snippet('Le Café est ouvert', ['cafe'])).toEqual([
      { text: 'Le ', match: false },
      { text: 'Café', match: true },
      { text: ' est ouvert', match: false },
    ]);
    // Decomposed accents (a letter then a combining mark) stay with their letter.
    expect(marked('Un cafe\u0301 noir', ['cafe'])).toEqual(['cafe\u0301']);
    expect(marked('RÉSUMÉ attached', ['resum'])).toEqual(['RÉSUMÉ']);
  });

  it('marks each whole word a stem begins, and only words it begins', () => {
    expect(marked('Meetings, a meeting, to meet; unmeet', ['meet'])).toEqual(['Meetings', 'meeting', 'meet']);
    expect(marked('Our company and two companies', ['compani'])).toEqual(['company', 'companies']);
    expect(marked('write to ada@example.com today', ['ada@example.com'])).toEqual(['ada@example.com']);
  });

  it('marks CJK anywhere in a run, joining the bigrams of one word', () => {
    expect(snippet('明日の会議は東京で', ['会議'])).toEqual([
      { text: '明日の', match: false },
      { text: '会議', match: true },
      { text: 'は東京で', match: false },
    ]);
    expect(marked('明日東京本社で', cjkTerms('東京本社'))).toEqual(['東京本社']);
    expect(marked('我们明天在北京开会', ['北京'])).toEqual(['北京']);
    // Hangul is indexed as its decomposed letters; the match maps back to whole syllables.
    expect(marked('오늘 회의는 취소', cjkTerms('회의'))).toEqual(['회의']);
  });

  it('cuts about SNIPPET_LENGTH characters around the first match, at spaces, with ellipses', () => {
    const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
    const parts = snippet(`${words('before', 100)} the target word ${words('after', 100)}`, ['target']);
    const text = textOf(parts);
    expect(text.startsWith('…before')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(text.length).toBeGreaterThan(SNIPPET_LENGTH - 20);
    expect(text.indexOf('target')).toBeLessThan(80);
    // Whole words only: the cut falls on spaces.
    for (const word of text.replace(/…/g, '').split(' ')) expect(word).toMatch(/^(before\d+|after\d+|the|target|word)$/);
  });

  it('reads line breaks and runs of spaces as one space', () => {
    expect(snippet('first line\n\n  the   match\there', ['match'])).toEqual([
      { text: 'first line the ', match: false },
      { text: 'match', match: true },
      { text: ' here', match: false },
    ]);
  });

  it('falls back to the name, then to the start of the text unmarked', () => {
    expect(snippet('Nothing here.', ['zanzibar'], 'Zanzibar trip')).toEqual([
      { text: 'Zanzibar', match: true },
      { text: ' trip', match: false },
    ]);
    expect(snippet('Nothing here.', ['zanzibar'], 'Plain')).toEqual([{ text: 'Nothing here.', match: false }]);
    expect(snippet(null, ['zanzibar'], 'Plain')).toEqual([{ text: 'Plain', match: false }]);
    expect(snippet('   ', [], 'Plain')).toEqual([{ text: 'Plain', match: false }]);
  });

  it('returns text as it is, never markup', () => {
    expect(snippet('<b>meeting</b> & <i>more</i>', ['meet'])).toEqual([
      { text: '<b>', match: false },
      { text: 'meeting', match: true },
      { text: '</b> & <i>more</i>', match: false },
    ]);
  });

  it('never splits a character, whatever the text and terms', () => {
    const term = fc.oneof(fc.constantFrom('a', 'meet', 'cafe', '会議', '東京', '😀'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 600 }), fc.array(term, { maxLength: 4 }), (body, terms) => {
        const parts = snippet(body, terms);
        for (const part of parts) {
          expect(part.text).not.toBe('');
          expect(part.text).not.toMatch(/\p{Cs}/u);
        }
        // What is shown comes from the text, in order.
        const shown = textOf(parts).replace(/^…|…$/g, '');
        const flat = body.replace(/\s+/g, ' ');
        expect([flat, 'Untitled'].some((source) => source.includes(shown.trim()))).toBe(true);
        expect(shown.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('termsOfQueryTree', () => {
  it('reads the lexemes of a query tree', () => {
    expect(termsOfQueryTree("'meet' & 'budget' <-> 'plan' | 'cafe'")).toEqual(['meet', 'budget', 'plan', 'cafe']);
    expect(termsOfQueryTree("'o''neil' & 'back\\\\slash' & 'meet'")).toEqual(["o'neil", 'back\\slash', 'meet']);
    expect(termsOfQueryTree('T')).toEqual([]);
    expect(termsOfQueryTree('')).toEqual([]);
  });
});
