import { foldForMatching } from '../search/search-text';

/**
 * Words that ask rather than say what is asked about. The search
 * configuration's stop words ("what", "is", "the"…) are dropped by the
 * database; these are the ones it keeps.
 */
const ASKING_WORDS = new Set([
  'tell', 'know', 'explain', 'describe', 'please', 'find', 'mean', 'means', 'meaning', 'anyone', 'anybody', 'someone',
  'somebody', 'us', 'me', 'say', 'says', 'said', 'happen', 'happens', 'kind', 'thing', 'things', 'can', 'could', 'would',
  'should', 'much', 'many', 'lot', 'get', 'got', 'need', 'want', 'give', 'show', 'list',
]);

/** Words that point back at what an earlier question was about. */
const POINTING_WORDS = new Set([
  'it', 'its', 'they', 'them', 'their', 'theirs', 'this', 'that', 'these', 'those', 'he', 'she', 'him', 'his', 'her', 'hers',
  'there', 'then', 'one', 'ones', 'same', 'also',
]);

/** Follow-ups this short ("and the price?") lean on the question before them. */
const SHORT_FOLLOW_UP_WORDS = 4;

const WORD = /[\p{L}\p{N}]+/gu;

const wordsOf = (text: string) => foldForMatching(text).match(WORD) ?? [];

/** The question without its asking words: what the database turns into search terms (its stop words dropped there). */
export function questionText(question: string): string {
  return wordsOf(question).filter((word) => !ASKING_WORDS.has(word)).join(' ');
}

/**
 * Whether a follow-up leans on the conversation before it: it is short, it
 * points back ("its price"), or it opens the way one does ("and…", "what about…").
 */
export function leansOnConversation(question: string): boolean {
  const words = wordsOf(question);
  if (words.length <= SHORT_FOLLOW_UP_WORDS) return true;
  if (words[0] === 'and' || words[0] === 'also' || /^(what|how) about\b/.test(words.join(' '))) return true;
  return words.some((word) => POINTING_WORDS.has(word));
}
