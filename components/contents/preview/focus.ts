import type { PassageRef } from '@/lib/contract/passages';

/** Where a preview opens: a passage of the item's text (and a table's row), with the searched words to mark in it. */
export interface PreviewFocus {
  /** Character offsets into the item's text: [start, end). */
  start: number;
  end: number;
  /** A table's 0-based row. */
  row?: number;
  words: string[];
}

type Query = Record<string, string | string[] | undefined>;

export function focusOf(passage: PassageRef, words: string[]): PreviewFocus {
  return { start: passage.start, end: passage.end, ...(passage.location.row !== undefined ? { row: passage.location.row } : {}), words };
}

/** The focus as address parameters (at=start-end, row, q), so a shared link opens at the same passage. */
export function focusParams(focus: PreviewFocus): Record<string, string> {
  return {
    at: `${focus.start}-${focus.end}`,
    ...(focus.row !== undefined ? { row: String(focus.row) } : {}),
    ...(focus.words.length ? { q: focus.words.join(' ') } : {}),
  };
}

const count = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/** The focus an address carries, or null when it carries none (or a malformed one: the item then opens as usual). */
export function focusFromQuery(query: Query): PreviewFocus | null {
  const one = (key: string) => (typeof query[key] === 'string' ? query[key] : undefined);
  const [start, end] = (one('at') ?? '').split('-').map((part) => count(part));
  if (start === undefined || end === undefined || end < start) return null;
  const row = count(one('row'));
  return { start, end, ...(row !== undefined ? { row } : {}), words: (one('q') ?? '').split(/\s+/).filter(Boolean) };
}

/** A stable name of a focus, to tell whether the one asked for has changed. */
export const focusKey = (focus: PreviewFocus | null | undefined): string =>
  focus ? new URLSearchParams(focusParams(focus)).toString() : '';
