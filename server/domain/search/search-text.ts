import { sql } from 'drizzle-orm';

/**
 * How text is prepared for PostgreSQL full-text search, for documents and
 * queries alike (so both sides always agree):
 *
 * - Accented Latin (and Greek, Cyrillic…): compatibility-decomposed and its
 *   combining marks dropped, so "Café", "cafe" and "CAFÉ" are one word; then
 *   the 'english' configuration stems English words ("meetings" → "meet").
 * - CJK (Han, Kana, Hangul) has no spaces between words, and PostgreSQL's
 *   parser would keep a whole sentence as one token. Each run is indexed as
 *   overlapping pairs of characters (the bigram scheme of common CJK
 *   analysers): "東京都庁" → "東京 京都 都庁". A query goes through the same
 *   step, so "京都" finds it, and a longer query must match all its pairs.
 */
const COMBINING_MARKS = /\p{M}+/gu;
/** One character of a script written without spaces between words. */
export const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = new RegExp(`${CJK_CHARACTER.source}+`, 'gu');

export const SEARCH_CONFIG = 'english';
/** SEARCH_CONFIG as SQL, for to_tsvector and the *_tsquery functions (`::regconfig`). */
export const searchConfig = sql.raw(`'${SEARCH_CONFIG}'`);
/** A lexeme as a tsquery operand: quoted, so it is never read as an operator. */
export const quotedLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
/** Characters of a document's text that go into its index (PostgreSQL caps one tsvector at 1 MB). */
export const INDEXED_TEXT_MAX = 300_000;
/**
 * Words at the start of an item (its name, then its text) that results are
 * ranked by: a match there is what the item is about, and a vector this
 * short stays in the row, so ranking every match of a common word costs
 * little. The whole text is still searched. Existing rows were filled with
 * the same number (migration 0007); changing it needs a migration that
 * fills them again.
 */
export const RANKED_WORDS = 100;

function bigrams(run: string): string {
  const chars = Array.from(run);
  if (chars.length <= 1) return run;
  const pairs: string[] = [];
  for (let i = 0; i < chars.length - 1; i += 1) pairs.push(chars.slice(i, i + 2).join(''));
  return pairs.join(' ');
}

/** Folds accents and case, and splits CJK into bigrams; the result is what to_tsvector / websearch_to_tsquery read. */
export function searchableText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(CJK_RUN, (run) => ` ${bigrams(run)} `);
}

/**
 * An item's name cut into the words people type: PostgreSQL reads
 * "engine-spec.pdf" or "road_map.md" as one file-name token, and
 * "EngineSpec" as one word. Dots and underscores become spaces and
 * camelCase is split ("engine-spec pdf", "Engine Spec"); hyphens stay, as
 * the parser indexes a hyphenated word whole and in parts. Empty when that
 * changes nothing. Migration 0015 cut existing names the same way; keep
 * both in step.
 */
export function nameWords(name: string): string {
  const words = name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/[._]+/g, ' ');
  return words === name ? '' : words;
}

/** Folds one character or word the same way, without the CJK step (used to find matches for snippets). */
export function foldForMatching(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}
