import type { SearchResult } from '@/lib/contract/search';
import { recordTablePath } from '@/components/records/table/paths';
import { focusOf, focusParams, type PreviewFocus } from '../preview/focus';

// Enough for any real query; keeps a shared address short.
const MAX_WORDS = 10;

/**
 * The words to mark in a result's passage: what the search found (the
 * snippet's matches, which may be a corrected spelling or another form of a
 * word) and the words typed.
 */
export function searchWords(query: string, result: SearchResult): string[] {
  const found = result.snippet.filter((part) => part.match).flatMap((part) => part.text.split(/\s+/));
  const typed = query.split(/\s+/).map((word) => word.replace(/^[-"']+|["']+$/g, ''));
  const seen = new Set<string>();
  return [...found, ...typed].filter((word) => {
    const key = word.toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_WORDS);
}

/** Where the preview of a result opens: at its passage, when it has one. */
export function resultFocus(result: SearchResult, query: string): PreviewFocus | null {
  return result.passage ? focusOf(result.passage, searchWords(query, result)) : null;
}

/** The address that opens a result in its space, previewed at its passage; a record table's on its own page, at the record found. */
export function resultAddress(result: SearchResult, query: string): string {
  if (result.content.source === 'records') {
    return recordTablePath(result.space.id, result.content.id, { recordId: result.passage?.location.record });
  }
  const focus = resultFocus(result, query);
  const params = new URLSearchParams({ content: result.content.id, ...(focus ? focusParams(focus) : {}) });
  return `/spaces/${encodeURIComponent(result.space.id)}?${params.toString()}`;
}
