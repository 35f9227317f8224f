import type { Database } from '../../db/connect';
import { TEXT_PAGE_CHARACTERS, type TextPage } from '../../../lib/contract/contents';
import { notFound } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import { assertContentReady } from './assert-content-ready';
import { findSpaceContent } from './find-space-content';

/** Where page `index` (from 0) starts; never between the two halves of a character outside the BMP. */
function pageStart(text: string, index: number): number {
  const position = Math.min(index * TEXT_PAGE_CHARACTERS, text.length);
  const before = text.charCodeAt(position - 1);
  const at = text.charCodeAt(position);
  const splitsPair = before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff;
  return splitsPair ? position - 1 : position;
}

/**
 * One page of an item's text (a document's or email's extracted text, a
 * note, a contact's fields), TEXT_PAGE_CHARACTERS at a time, so a long
 * document never travels whole. An item without text has one empty page.
 */
export async function readContentText(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  page: number;
}): Promise<TextPage> {
  const { row } = await findSpaceContent(opts);
  assertContentReady(row.content);
  const text = row.body ?? '';
  const pageCount = Math.max(1, Math.ceil(text.length / TEXT_PAGE_CHARACTERS));
  if (opts.page > pageCount) throw notFound('That page');
  return {
    text: text.slice(pageStart(text, opts.page - 1), pageStart(text, opts.page)),
    page: opts.page,
    page_count: pageCount,
    characters: text.length,
  };
}
