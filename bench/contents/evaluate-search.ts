import type { Corpus } from './corpus';

/**
 * A small evaluation set for search ranking over the generated corpus, so a
 * faster search cannot silently rank worse. A document's name is
 * "Report <n> <word> <word>" and a match in the name outranks any match in
 * the text only, so the documents that should come first are known without
 * asking the search: those whose name holds what was typed. Queries are cut
 * from the names of documents spread over the whole hub, oldest to newest,
 * so a search that ranks only the newest matches loses the older ones.
 */
export interface EvaluationQuery {
  kind: 'two name words' | 'common name word' | 'prefix' | 'misspelling';
  q: string;
  /** Ids of the documents that belong first. */
  relevant: Set<string>;
}

export interface EvaluationScore {
  kind: EvaluationQuery['kind'];
  queries: number;
  /** Mean reciprocal rank of the first relevant document in the first 10 (0 when none is there). */
  mrr: number;
  /** Relevant documents in the first 10, over as many as fit there (min(10, relevant)). */
  recallAt10: number;
}

const QUERIES_PER_KIND = 10;

/** The letter put in place of the one a misspelling changes: another of the same kind, so the word still reads as one. */
const swapLetter = (letter: string) => ('aeiou'.includes(letter) ? (letter === 'a' ? 'e' : 'a') : letter === 'm' ? 'n' : 'm');

export function evaluationQueries(corpus: Corpus, documents: Array<{ id: string; name: string }>): EvaluationQuery[] {
  const rankOf = new Map(corpus.words.map((word, rank) => [word, rank]));
  const named = documents.map(({ id, name }) => ({ id, words: name.toLowerCase().split(' ').slice(2) }));
  const withAll = (words: string[]) => new Set(named.filter((doc) => words.every((word) => doc.words.includes(word))).map((doc) => doc.id));
  const withPrefix = (prefix: string) => new Set(named.filter((doc) => doc.words.some((word) => word.startsWith(prefix))).map((doc) => doc.id));
  // The rarer word of a name: the one a person would look the document up by.
  const rarer = (words: string[]) => [...words].sort((a, b) => (rankOf.get(b) ?? 0) - (rankOf.get(a) ?? 0))[0]!;
  const spread = Array.from({ length: QUERIES_PER_KIND }, (_, k) => named[Math.floor(((k + 0.5) * named.length) / QUERIES_PER_KIND)]!);

  const queries: EvaluationQuery[] = [];
  for (const doc of spread) {
    const [first, second] = doc.words as [string, string];
    if (first !== second) queries.push({ kind: 'two name words', q: `${first} ${second}`, relevant: withAll([first, second]) });
  }
  for (let rank = 1; rank <= QUERIES_PER_KIND; rank += 1) {
    const word = corpus.words[rank]!;
    queries.push({ kind: 'common name word', q: word, relevant: withAll([word]) });
  }
  for (const doc of spread) {
    const word = rarer(doc.words);
    const prefix = word.slice(0, word.length - 2);
    queries.push({ kind: 'prefix', q: prefix, relevant: withPrefix(prefix) });
  }
  for (const doc of spread) {
    const word = rarer(doc.words);
    // One letter changed in the middle of the word, the commonest kind of typo.
    const at = Math.floor(word.length / 2);
    const typo = word.slice(0, at) + swapLetter(word[at]!) + word.slice(at + 1);
    // Not a word, nor the start of one: search reads a last word that starts one as still being typed (see prefixReadingOf).
    if (!corpus.words.some((other) => other.startsWith(typo))) queries.push({ kind: 'misspelling', q: typo, relevant: withAll([word]) });
  }
  return queries;
}

/** Scores each kind of query from the ids of its first page (best first). */
export function scoreEvaluation(results: Array<{ query: EvaluationQuery; top: string[] }>): EvaluationScore[] {
  const kinds = [...new Set(results.map(({ query }) => query.kind))];
  return kinds.map((kind) => {
    const ofKind = results.filter(({ query }) => query.kind === kind);
    let reciprocal = 0;
    let recall = 0;
    for (const { query, top } of ofKind) {
      const first = top.slice(0, 10).findIndex((id) => query.relevant.has(id));
      reciprocal += first === -1 ? 0 : 1 / (first + 1);
      const fit = Math.min(10, query.relevant.size);
      recall += fit === 0 ? 1 : top.slice(0, 10).filter((id) => query.relevant.has(id)).length / fit;
    }
    return { kind, queries: ofKind.length, mrr: reciprocal / ofKind.length, recallAt10: recall / ofKind.length };
  });
}
