/** A search term of a question: a lexeme as the index stems it. */
export interface AskTerm {
  lexeme: string;
  /** 1 for the question's own words, less for those an earlier question of the conversation lends. */
  weight: number;
  /** How rare the term is among the passages the asker may read (higher is rarer). */
  idf: number;
}

export interface SentenceOfPassage {
  text: string;
  /** Its lexemes, stemmed like the index. */
  lexemes: string[];
}

/** A retrieved passage, best first, cut into sentences. */
export interface PassageSentences {
  sentences: SentenceOfPassage[];
}

export interface AnswerSentence {
  text: string;
  /** The passages it cites, as indexes into the passages given: the one it comes from first, then those that say the same. */
  passages: number[];
}

export interface ExtractedAnswer {
  answered: boolean;
  sentences: AnswerSentence[];
}

export const MAX_ANSWER_SENTENCES = 3;
/**
 * Share of the question's own terms (weighed by rarity) the chosen sentences
 * must hold; below it the evidence is too weak to answer.
 */
export const MIN_COVERAGE = 0.5;
/**
 * A further sentence is kept when it holds the best one's terms and scores
 * this share of it, or a smaller share and adds a term the others lack.
 */
const KEEP_SHARE = 0.8;
const KEEP_SHARE_NEW_TERM = 0.35;
/** Sentences sharing this share of their words say the same thing. */
const SAME_SENTENCE = 0.8;
/** A sentence shorter than this is a label or a title, not an answer. */
const MIN_WORDS = 3;
/** How much being in a better passage adds, as a share of the best term's score. */
const RANK_BONUS = 0.2;

const wordSet = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}

interface Scored {
  passage: number;
  index: number;
  text: string;
  words: Set<string>;
  terms: Set<string>;
  score: number;
}

/**
 * The extractive answer: the sentences of the passages that best answer the
 * question. Each sentence scores the rarity-weighted terms it holds, plus a
 * little for its passage's rank; the best, and up to MAX_ANSWER_SENTENCES
 * that come close to it or add terms it lacks, are kept, near-identical ones
 * once (citing every passage that says it), in the order of their passages.
 * When they hold less than MIN_COVERAGE of the question's own terms, the
 * hub does not support an answer: none is given.
 */
export function extractAnswer(opts: { passages: PassageSentences[]; terms: AskTerm[] }): ExtractedAnswer {
  const own = opts.terms.filter((term) => term.weight >= 1);
  const important = own.length > 0 ? own : opts.terms;
  const isImportant = new Set(important.map((term) => term.lexeme));
  const termScore = new Map(opts.terms.map((term) => [term.lexeme, term.weight * term.idf]));
  const bestTerm = Math.max(0, ...termScore.values());
  const count = opts.passages.length;

  const scored: Scored[] = opts.passages.flatMap((passage, p) => passage.sentences.flatMap((sentence, index): Scored[] => {
    const words = wordSet(sentence.text);
    const terms = new Set(sentence.lexemes.filter((lexeme) => termScore.has(lexeme)));
    // A sentence holding only what the conversation lends is about the earlier question, not this one.
    if (words.size < MIN_WORDS || ![...terms].some((term) => isImportant.has(term))) return [];
    let score = 0;
    for (const term of terms) score += termScore.get(term)!;
    score += RANK_BONUS * bestTerm * ((count - p) / count);
    return [{ passage: p, index, text: sentence.text, words, terms, score }];
  }));
  scored.sort((a, b) => b.score - a.score || a.passage - b.passage || a.index - b.index);

  const chosen: Array<Scored & { passages: number[] }> = [];
  const covered = new Set<string>();
  for (const sentence of scored) {
    const same = chosen.find((kept) => similarity(kept.words, sentence.words) >= SAME_SENTENCE);
    if (same) {
      if (!same.passages.includes(sentence.passage)) same.passages.push(sentence.passage);
      continue;
    }
    if (chosen.length >= MAX_ANSWER_SENTENCES) continue;
    const first = chosen[0];
    if (first) {
      const addsTerm = [...sentence.terms].some((term) => !covered.has(term) && isImportant.has(term));
      // Lacking what made the best sentence best, it is about something else the question's words also name.
      const saysMore = [...first.terms].every((term) => !isImportant.has(term) || sentence.terms.has(term));
      const keep = (saysMore && sentence.score >= KEEP_SHARE * first.score) || (addsTerm && sentence.score >= KEEP_SHARE_NEW_TERM * first.score);
      if (!keep) continue;
    }
    chosen.push({ ...sentence, passages: [sentence.passage] });
    for (const term of sentence.terms) covered.add(term);
  }

  const weightOf = (terms: AskTerm[]) => terms.reduce((sum, term) => sum + term.idf, 0);
  const total = weightOf(important);
  const held = weightOf(important.filter((term) => covered.has(term.lexeme)));
  if (chosen.length === 0 || total === 0 || held / total < MIN_COVERAGE) return { answered: false, sentences: [] };

  chosen.sort((a, b) => a.passage - b.passage || a.index - b.index);
  return { answered: true, sentences: chosen.map(({ text, passages }) => ({ text, passages })) };
}
