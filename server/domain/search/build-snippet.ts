import type { SnippetPart } from '../../../lib/contract/search';
import { CJK_CHARACTER, foldForMatching } from './search-text';

/**
 * The text shown under a search result: about SNIPPET_LENGTH characters of
 * the original text around the first match, cut into plain-text parts with
 * the matches flagged (the client styles them; no HTML is ever made here).
 *
 * The terms are the lexemes PostgreSQL matched (folded, English-stemmed,
 * CJK as bigrams), so the text is folded the same way to find them and each
 * match is mapped back to the original characters: "cafe" marks "Café".
 * A stem marks each whole word it begins ("meet" marks "meetings"); a CJK bigram
 * is marked wherever it occurs, as CJK has no spaces between words.
 */

export const SNIPPET_LENGTH = 240;
/** Characters kept before the first match, so it reads in context. */
const LEAD = 60;
const ELLIPSIS = '…';
/** Characters of a long text folded first, before the whole of it. */
const EARLY_PREFIX = 20_000;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const COMBINING_MARK = /\p{M}/u;
const SPACE = /\s/;

interface Range {
  start: number;
  end: number;
}

/**
 * A stretch of the folded text and where it came from. ASCII only changes
 * case, so a run of it maps one to one; elsewhere each folded unit records
 * the original code point it came from (folding may drop an accent or turn
 * one character into several).
 */
interface Segment {
  folded: number;
  origin: number;
  length: number;
  /** Per folded unit, the original code point's start and end; absent for one-to-one runs. */
  starts?: number[];
  ends?: number[];
}

interface FoldedText {
  folded: string;
  segments: Segment[];
}

// Folding one code point is a normalisation; texts reuse few distinct ones (a CJK text a few thousand).
const foldedCharacters = new Map<string, string>();
const FOLD_CACHE_MAX = 20_000;
function foldCharacter(character: string): string {
  let folded = foldedCharacters.get(character);
  if (folded === undefined) {
    if (foldedCharacters.size >= FOLD_CACHE_MAX) foldedCharacters.clear();
    folded = foldForMatching(character);
    foldedCharacters.set(character, folded);
  }
  return folded;
}

function foldWithOrigins(text: string): FoldedText {
  const segments: Segment[] = [];
  const pieces: string[] = [];
  let foldedLength = 0;
  for (const { 0: run, index: origin } of text.matchAll(/[\0-\x7f]+|[^\0-\x7f]+/g)) {
    if (run.charCodeAt(0) < 0x80) {
      segments.push({ folded: foldedLength, origin, length: run.length });
      pieces.push(run.toLowerCase());
      foldedLength += run.length;
      continue;
    }
    const starts: number[] = [];
    const ends: number[] = [];
    let at = origin;
    let piece = '';
    for (const character of run) {
      const folded = foldCharacter(character);
      for (let unit = 0; unit < folded.length; unit += 1) {
        starts.push(at);
        ends.push(at + character.length);
      }
      piece += folded;
      at += character.length;
    }
    segments.push({ folded: foldedLength, origin, length: piece.length, starts, ends });
    pieces.push(piece);
    foldedLength += piece.length;
  }
  return { folded: pieces.join(''), segments };
}

/** The last segment whose `key` is at most `value` (segments are in order on both texts). */
function segmentAt(segments: Segment[], key: 'folded' | 'origin', value: number): Segment | undefined {
  let low = 0;
  let high = segments.length - 1;
  let found: Segment | undefined;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (segments[middle]![key] <= value) {
      found = segments[middle];
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The original code point a folded unit came from. */
function originOf({ segments }: FoldedText, index: number): Range {
  const segment = segmentAt(segments, 'folded', index)!;
  const unit = index - segment.folded;
  if (!segment.starts) return { start: segment.origin + unit, end: segment.origin + unit + 1 };
  return { start: segment.starts[unit]!, end: segment.ends![unit]! };
}

/** The first folded unit that comes from original position `index` or later. */
function foldedAt({ folded, segments }: FoldedText, index: number): number {
  const segment = segmentAt(segments, 'origin', index);
  if (!segment) return 0;
  if (!segment.starts) return Math.min(segment.folded + (index - segment.origin), segment.folded + segment.length);
  const unit = segment.starts.findIndex((start) => start >= index);
  return unit === -1 ? Math.min(folded.length, segment.folded + segment.length) : segment.folded + unit;
}

/** Letters and digits make words; a CJK character is a boundary (the index splits there too). */
const isWordCharacter = (character: string | undefined) =>
  character !== undefined && WORD_CHARACTER.test(character) && !CJK_CHARACTER.test(character);

/** Where the word going on at `index` ends. */
function wordEnd(folded: string, index: number): number {
  let end = index;
  while (isWordCharacter(folded[end])) end += 1;
  return end;
}

/**
 * Spellings a stem stands for: the stem itself and, as the English stemmer
 * turns a final y into i ("company" → "compani"), the y spelling too.
 */
const spellingsOf = (term: string) => (term.length >= 3 && term.endsWith('i') ? [term, `${term.slice(0, -1)}y`] : [term]);

/**
 * Matches of the terms in folded[from, to), in order, overlapping ones
 * joined (the CJK bigrams of one word, a stem inside a longer term); with
 * `first`, only the earliest.
 */
function findMatches(folded: string, terms: readonly string[], from: number, to: number, first = false): Range[] {
  const found: Range[] = [];
  for (const term of terms) {
    const anywhere = CJK_CHARACTER.test(term);
    for (const spelling of spellingsOf(term)) {
      for (let index = folded.indexOf(spelling, from); index !== -1 && index < to; index = folded.indexOf(spelling, index + 1)) {
        const end = index + spelling.length;
        // A stem must begin a word and marks the whole word: "meet" marks "Meetings".
        if (!anywhere && isWordCharacter(folded[index - 1])) continue;
        found.push({ start: index, end: anywhere ? end : Math.max(end, wordEnd(folded, end)) });
        if (first) break;
      }
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return first ? merged.slice(0, 1) : merged;
}

/** A folded range as a range of the original text, with any combining marks after it (the accent of a decomposed "é"). */
function toOriginal(text: string, folded: FoldedText, range: Range): Range {
  let { end } = originOf(folded, range.end - 1);
  while (end < text.length && COMBINING_MARK.test(text[end]!)) end += 1;
  return { start: originOf(folded, range.start).start, end };
}

/** Never cut between the two halves of a surrogate pair. */
const isLowSurrogate = (text: string, index: number) => {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
};

/** Where the snippet starts and ends: around the first match, at spaces where the text has them. */
function windowAround(text: string, first: Range): Range {
  let start = Math.max(0, first.start - LEAD);
  if (start > 0) {
    const space = text.slice(start, first.start).search(SPACE);
    if (space !== -1) start += space + 1;
    else if (isLowSurrogate(text, start)) start += 1;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.slice(first.end, end).search(/\s\S*$/);
    if (space !== -1) end = first.end + space;
    else if (isLowSurrogate(text, end)) end -= 1;
  }
  return { start, end };
}

/** Parts of text[window] with the matches flagged; runs of white space (line breaks of a document) read as one space. */
function cut(text: string, window: Range, matches: Range[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (start: number, end: number, match: boolean) => {
    if (end > start) parts.push({ text: text.slice(start, end).replace(/\s+/g, ' '), match });
  };
  let at = window.start;
  for (const range of matches) {
    if (range.end <= window.start) continue;
    if (range.start >= window.end) break;
    const start = Math.max(range.start, window.start);
    const end = Math.min(range.end, window.end);
    push(at, start, false);
    push(start, end, true);
    at = end;
  }
  push(at, window.end, false);

  const first = parts[0];
  const last = parts.at(-1);
  if (first && !first.match) first.text = first.text.trimStart();
  if (last && !last.match) last.text = last.text.trimEnd();
  if (window.start > 0) parts.unshift({ text: ELLIPSIS, match: false });
  if (window.end < text.length) parts.push({ text: ELLIPSIS, match: false });
  return mergeNeighbours(parts.filter((part) => part.text !== ''));
}

/** Adjacent parts of the same kind read as one. */
function mergeNeighbours(parts: SnippetPart[]): SnippetPart[] {
  const merged: SnippetPart[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (last && last.match === part.match) last.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}

/**
 * The snippet from text[0, length), or null when none of the terms occurs
 * there or (for a prefix) the window would not end inside it. The first
 * match places the window; only the window is then searched for the matches
 * to mark, so a long text with a common word costs one pass.
 */
function snippetWithin(text: string, length: number, terms: readonly string[]): SnippetPart[] | null {
  const folded = foldWithOrigins(length < text.length ? text.slice(0, length) : text);
  const [first] = findMatches(folded.folded, terms, 0, folded.folded.length, true);
  if (!first) return null;
  const window = windowAround(text, toOriginal(text, folded, first));
  // A term may begin just before the window and reach into it, or run on past its end.
  const longest = Math.max(0, ...terms.map((term) => term.length));
  if (length < text.length && window.end + longest >= length) return null;
  const from = Math.max(0, foldedAt(folded, window.start) - longest);
  const matches = findMatches(folded.folded, terms, from, foldedAt(folded, window.end))
    .map((range) => toOriginal(text, folded, range));
  return cut(text, window, matches);
}

/** The snippet of one text, or null when none of the terms occurs in it. */
function snippetOf(text: string, terms: readonly string[]): SnippetPart[] | null {
  // A match is usually near the start: a long text is first looked at only there.
  const early = text.length > 2 * EARLY_PREFIX ? snippetWithin(text, EARLY_PREFIX, terms) : null;
  return early ?? snippetWithin(text, text.length, terms);
}

/**
 * The snippet of a result: from its text where a term occurs there, else
 * from its name (the match was only in the name), else the start of its
 * text unmarked (a match the stemmer made that no spelling shows).
 */
export function buildSnippet(opts: { body: string | null; name: string; terms: readonly string[] }): SnippetPart[] {
  const body = opts.body ?? '';
  const found = snippetOf(body, opts.terms) ?? snippetOf(opts.name, opts.terms);
  if (found) return found;
  const text = body.trim() === '' ? opts.name : body;
  return cut(text, windowAround(text, { start: 0, end: 0 }), []);
}

/**
 * The lexemes of a tsquery's text form that a match can contain: quoted,
 * with '' for a quote and a backslash before a backslash. Pass the
 * querytree() of the query, which leaves out the excluded ("-word") terms.
 */
export function termsOfQueryTree(queryTree: string): string[] {
  const terms = new Set<string>();
  for (const [, quoted] of queryTree.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)) {
    const term = quoted!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    if (term !== '') terms.add(term);
  }
  return [...terms];
}
