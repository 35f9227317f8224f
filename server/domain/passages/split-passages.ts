import type { PassageLocation } from '../../../lib/contract/passages';
import type { LocatedSegment } from '../../processing/located-text';
import { INDEXED_TEXT_MAX } from '../search/search-text';

/** A passage cut from a body: `text` is exactly `body.slice(start, end)`. */
export interface SplitPassage {
  position: number;
  location: PassageLocation;
  start: number;
  end: number;
  text: string;
}

/** A passage is closed at a paragraph boundary once this long… */
export const PASSAGE_TARGET = 800;
/** …never grows past this (a longer sentence alone is cut)… */
export const PASSAGE_MAX = 1_200;
/** …and a shorter last one joins the one before when it fits. */
export const PASSAGE_MIN = 300;
/** Passages kept per item; the rest of a very long item is found by the item index only. */
export const MAX_PASSAGES = 5_000;

interface Range {
  start: number;
  end: number;
}

/** A piece no passage boundary falls inside; `opensParagraph` marks the first piece of a paragraph. */
interface Unit extends Range {
  opensParagraph: boolean;
}

const HEADING_LINE = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const PARAGRAPH_BREAK = /\n[ \t\r]*\n\s*/g;
const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** The range without the white space at either end (empty when it is all white space). */
function trimmed(body: string, { start, end }: Range): Range {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(body[s]!)) s += 1;
  while (e > s && /\s/.test(body[e - 1]!)) e -= 1;
  return { start: s, end: e };
}

/** Never cut between the halves of a surrogate pair. */
function safeCut(body: string, at: number): number {
  const code = body.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** A sentence longer than PASSAGE_MAX, in pieces cut at a space where there is one in the second half. */
function cutLong(body: string, range: Range): Range[] {
  const pieces: Range[] = [];
  let start = range.start;
  while (range.end - start > PASSAGE_MAX) {
    const space = body.lastIndexOf(' ', start + PASSAGE_MAX);
    const end = space > start + PASSAGE_MAX / 2 ? space : safeCut(body, start + PASSAGE_MAX);
    pieces.push({ start, end });
    start = trimmed(body, { start: end, end: range.end }).start;
  }
  if (start < range.end) pieces.push({ start, end: range.end });
  return pieces;
}

/** Text the sentence segmenter is given at once: it slows down more than linearly on long text. */
const SENTENCE_WINDOW = 8_000;

/** The sentences of a range, read a window at a time (a window's last sentence may go on, so the next window starts with it). */
function sentencesOf(body: string, range: Range): Range[] {
  const found: Range[] = [];
  let start = range.start;
  while (start < range.end) {
    const stop = range.end - start <= SENTENCE_WINDOW ? range.end : safeCut(body, start + SENTENCE_WINDOW);
    const pieces = [...sentences.segment(body.slice(start, stop))];
    const complete = stop === range.end || pieces.length === 1 ? pieces : pieces.slice(0, -1);
    for (const { index, segment } of complete) found.push({ start: start + index, end: start + index + segment.length });
    start = found.at(-1)!.end;
  }
  return found;
}

/** The paragraphs of a range, long ones in sentences, overlong sentences in pieces. */
function unitsOf(body: string, range: Range): Unit[] {
  const units: Unit[] = [];
  const addParagraph = (paragraph: Range) => {
    const p = trimmed(body, paragraph);
    if (p.start === p.end) return;
    if (p.end - p.start <= PASSAGE_MAX) {
      units.push({ ...p, opensParagraph: true });
      return;
    }
    let first = true;
    for (const sentence of sentencesOf(body, p)) {
      for (const piece of cutLong(body, trimmed(body, sentence))) {
        if (piece.start === piece.end) continue;
        units.push({ ...piece, opensParagraph: first });
        first = false;
      }
    }
  };
  const text = body.slice(range.start, range.end);
  let start = range.start;
  for (const m of text.matchAll(PARAGRAPH_BREAK)) {
    addParagraph({ start, end: range.start + m.index });
    start = range.start + m.index + m[0].length;
  }
  addParagraph({ start, end: range.end });
  return units;
}

/** Units gathered into passages: closed at a paragraph once past the target, always before the maximum. */
function gather(units: Unit[]): Range[] {
  const passages: Range[] = [];
  let current: Range | null = null;
  for (const unit of units) {
    if (current) {
      const length = current.end - current.start;
      const joined = unit.end - current.start;
      if (joined <= PASSAGE_MAX && !(unit.opensParagraph && length >= PASSAGE_TARGET)) {
        current.end = unit.end;
        continue;
      }
      passages.push(current);
    }
    current = { start: unit.start, end: unit.end };
  }
  if (current) {
    const last = passages.at(-1);
    if (last && current.end - current.start < PASSAGE_MIN && current.end - last.start <= PASSAGE_MAX) last.end = current.end;
    else passages.push(current);
  }
  return passages;
}

/** Sections of a Markdown or plain text under their heading paths (a heading line opens its section). */
function headingSections(body: string, end: number): LocatedSegment[] {
  const sections: LocatedSegment[] = [];
  const path: Array<{ level: number; title: string }> = [];
  let location: PassageLocation = {};
  let start = 0;
  let inFence = false;
  for (let lineStart = 0; lineStart < end; ) {
    const newline = body.indexOf('\n', lineStart);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    const line = body.slice(lineStart, lineEnd);
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING_LINE.exec(line);
    if (heading && heading[2]) {
      if (lineStart > start) sections.push({ location, start, end: lineStart });
      const level = heading[1]!.length;
      while (path.length && path.at(-1)!.level >= level) path.pop();
      path.push({ level, title: heading[2] });
      location = { headings: path.map((h) => h.title) };
      start = lineStart;
    }
    lineStart = lineEnd + 1;
  }
  sections.push({ location, start, end });
  return sections;
}

/** The segments inside the indexed text, in order, without overlaps. */
function orderedSegments(segments: LocatedSegment[], end: number): LocatedSegment[] {
  const ordered: LocatedSegment[] = [];
  let reached = 0;
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    const start = Math.max(segment.start, reached, 0);
    const stop = Math.min(segment.end, end);
    if (stop <= start) continue;
    ordered.push({ location: segment.location, start, end: stop });
    reached = stop;
  }
  return ordered;
}

/**
 * Cuts an item's body into passages for search and answers. A passage never
 * crosses a segment, so it keeps one location; without segments, the
 * headings of Markdown or plain text are the locations. Only the indexed
 * start of the body (INDEXED_TEXT_MAX) is cut, into at most MAX_PASSAGES.
 * With `whole`, the body is one passage whatever its length (a contact is
 * one card).
 */
export function splitPassages(opts: { body: string; segments?: LocatedSegment[]; whole?: boolean }): SplitPassage[] {
  const { body } = opts;
  const end = Math.min(body.length, INDEXED_TEXT_MAX);
  if (opts.whole) {
    const range = trimmed(body, { start: 0, end });
    return range.start === range.end ? [] : [{ position: 0, location: {}, ...range, text: body.slice(range.start, range.end) }];
  }
  const segments = opts.segments?.length ? orderedSegments(opts.segments, end) : headingSections(body, end);
  const passages: SplitPassage[] = [];
  for (const segment of segments) {
    for (const range of gather(unitsOf(body, segment))) {
      if (passages.length === MAX_PASSAGES) return passages;
      passages.push({ position: passages.length, location: segment.location, ...range, text: body.slice(range.start, range.end) });
    }
  }
  return passages;
}
