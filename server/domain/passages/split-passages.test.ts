import { describe, expect, it } from 'vitest';
import { INDEXED_TEXT_MAX } from '../search/search-text';
import { MAX_PASSAGES, PASSAGE_MAX, PASSAGE_MIN, splitPassages, type SplitPassage } from './split-passages';

const sentence = (n: number) => `This is sentence number ${n} of the text, with a few more words in it.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

function expectSlices(body: string, passages: SplitPassage[]) {
  passages.forEach((p, i) => {
    expect(p.position).toBe(i);
    expect(p.text).toBe(body.slice(p.start, p.end));
    expect(p.text.trim()).toBe(p.text);
    expect(p.text.length).toBeGreaterThan(0);
  });
}

describe('splitPassages', () => {
  it('keeps a short text as one passage without a location', () => {
    const body = 'A short note.\n\nWith two paragraphs.';
    const passages = splitPassages({ body });
    expect(passages).toEqual([{ position: 0, location: {}, start: 0, end: body.length, text: body }]);
  });

  it('cuts at paragraphs into passages within the bounds, covering every paragraph once', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => paragraph(i * 3, 3));
    const body = paragraphs.join('\n\n');
    const passages = splitPassages({ body });
    expectSlices(body, passages);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(PASSAGE_MAX);
      expect(p.text.length).toBeGreaterThanOrEqual(PASSAGE_MIN);
      // Boundaries fall between paragraphs.
      expect(p.text.startsWith('This is sentence')).toBe(true);
      expect(p.text.endsWith('in it.')).toBe(true);
    }
    for (const text of paragraphs) expect(passages.filter((p) => p.text.includes(text))).toHaveLength(1);
  });

  it('cuts a long paragraph between sentences, never inside one', () => {
    // Longer than the segmenter's window, so sentences met at a window's end are kept whole too.
    const body = paragraph(0, 200);
    expect(body.length).toBeGreaterThan(8_000 * 1.5);
    const passages = splitPassages({ body });
    expectSlices(body, passages);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(PASSAGE_MAX);
      expect(p.text).toMatch(/^This is sentence number \d+ .*in it\.$/s);
    }
  });

  it('keeps sentences whole across the segmenter’s windows', () => {
    // Sentences too long to pair up: each passage is one sentence, wherever a window ends.
    const long = (n: number) => `Sentence ${n}${' and more words'.repeat(60)}`.slice(0, 699) + '.';
    const sentences = Array.from({ length: 30 }, (_, i) => long(i));
    const passages = splitPassages({ body: sentences.join(' ') });
    expect(passages.map((p) => p.text)).toEqual(sentences);
  });

  it('cuts a sentence longer than the maximum at spaces', () => {
    const body = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    const passages = splitPassages({ body });
    expectSlices(body, passages);
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(PASSAGE_MAX);
      expect(p.text).toMatch(/^word\d+( word\d+)*$/);
    }
    expect(passages.map((p) => p.text).join(' ')).toBe(body);
  });

  it('merges a tiny last paragraph into the passage before', () => {
    const body = `${paragraph(0, 10)}\n\nThe end.`;
    const passages = splitPassages({ body });
    expect(passages).toHaveLength(1);
    expect(passages[0]!.text).toBe(body);
  });

  it('gives each segment its own passages and location', () => {
    const pages = ['First page text.', 'Second page text.', 'Third page text.'];
    let body = '';
    const segments = pages.map((text, i) => {
      const start = body.length;
      body += `${text}\n\n`;
      return { location: { page: i + 1 }, start, end: start + text.length };
    });
    const passages = splitPassages({ body, segments });
    expectSlices(body, passages);
    expect(passages.map((p) => [p.location, p.text])).toEqual(pages.map((text, i) => [{ page: i + 1 }, text]));
  });

  it('skips empty segments and clips overlapping ones', () => {
    const body = 'alpha beta gamma delta';
    const passages = splitPassages({
      body,
      segments: [
        { location: { slide: 2 }, start: 6, end: 16 },
        { location: { slide: 1 }, start: 0, end: 10 },
        { location: { slide: 3 }, start: 16, end: 17 },
        { location: { slide: 4 }, start: 17, end: 99 },
      ],
    });
    expect(passages.map((p) => [p.location, p.text])).toEqual([
      [{ slide: 1 }, 'alpha beta'],
      [{ slide: 2 }, 'gamma'],
      [{ slide: 4 }, 'delta'],
    ]);
  });

  it('follows Markdown heading paths when there are no segments', () => {
    const body = [
      'Intro line.',
      '# Setup',
      'Install it.',
      '## Network',
      'Open port 80.',
      '```',
      '# not a heading',
      '```',
      '## Disks',
      'Mount them.',
      '# Usage',
      'Run it.',
    ].join('\n\n');
    const passages = splitPassages({ body });
    expectSlices(body, passages);
    expect(passages.map((p) => p.location)).toEqual([
      {},
      { headings: ['Setup'] },
      { headings: ['Setup', 'Network'] },
      { headings: ['Setup', 'Disks'] },
      { headings: ['Usage'] },
    ]);
    expect(passages[2]!.text).toContain('# not a heading');
    expect(passages[2]!.text.startsWith('## Network')).toBe(true);
  });

  it('cuts only the indexed start of the body, into at most MAX_PASSAGES', () => {
    const body = `${'x'.repeat(INDEXED_TEXT_MAX)}\n\nbeyond the index`;
    const passages = splitPassages({ body });
    expect(passages.at(-1)!.end).toBeLessThanOrEqual(INDEXED_TEXT_MAX);
    expect(passages.some((p) => p.text.includes('beyond'))).toBe(false);

    const rows = Array.from({ length: MAX_PASSAGES + 10 }, (_, i) => `row ${i}`);
    let table = '';
    const segments = rows.map((text, row) => {
      const start = table.length;
      table += `${text}\n`;
      return { location: { sheet: 'Sheet1', row }, start, end: start + text.length };
    });
    const capped = splitPassages({ body: table, segments });
    expect(capped).toHaveLength(MAX_PASSAGES);
    expect(capped.at(-1)!.location).toEqual({ sheet: 'Sheet1', row: MAX_PASSAGES - 1 });
  });

  it('keeps a whole body as one passage when asked, however long', () => {
    const body = `  # Card\n\n${paragraph(0, 40)}\n`;
    expect(splitPassages({ body, whole: true })).toEqual([{ position: 0, location: {}, start: 2, end: body.length - 1, text: body.trim() }]);
    expect(splitPassages({ body: ' \n ', whole: true })).toEqual([]);
  });

  it('does not cut between the halves of a surrogate pair', () => {
    // An odd start puts the pair halves at odd offsets, where a cut at the maximum would fall between them.
    const body = `a${'😀'.repeat(1_000)}`;
    const passages = splitPassages({ body });
    expectSlices(body, passages);
    expect(passages.map((p) => p.text).join('')).toBe(body);
    for (const p of passages) expect(p.text).not.toMatch(/\p{Cs}/u);
  });
});
