/**
 * Generated documents for the search benchmark: words drawn from a fixed
 * vocabulary of made-up words with Zipf frequencies (a few words are in
 * every document, most in few), from a seeded generator, so every run
 * indexes and searches the same text. A few planted words and phrases give
 * the queries known answers.
 */

/** mulberry32: small, fast and good enough to make test data repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';
const ENDINGS = 'klnrst';
const VOCABULARY_SIZE = 20_000;

// Consonant-vowel syllables and a closing consonant: 5 or 7 letters, which no
// English stop word is, so every word of the vocabulary is searchable.
function vocabulary(random: () => number): string[] {
  const pick = (letters: string) => letters[Math.floor(random() * letters.length)]!;
  const words = new Set<string>();
  while (words.size < VOCABULARY_SIZE) {
    const syllables = random() < 0.5 ? 2 : 3;
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += pick(CONSONANTS) + pick(VOWELS);
    words.add(word + pick(ENDINGS));
  }
  return [...words];
}

/** Planted in every RARE_EVERY-th document only. */
export const RARE_WORD = 'quetzal';
const RARE_EVERY = 1_000;
/** The phrase, adjacent, in every PHRASE_EVERY-th document; its words apart in as many others. */
export const PHRASE = 'budget review';
const PHRASE_EVERY = 100;

export interface Corpus {
  /** Vocabulary words by rank: words[0] is the most frequent. */
  words: string[];
  /** A document of about `characters` characters, the same for the same index in every run. */
  document: (index: number, characters: number) => { name: string; body: string };
}

export function createCorpus(seed = 20_240_601): Corpus {
  const words = vocabulary(seededRandom(seed));
  // Zipf (s = 1): the cumulative weights, searched with a uniform draw.
  const cumulative = new Float64Array(words.length);
  let total = 0;
  for (let rank = 0; rank < words.length; rank += 1) cumulative[rank] = total += 1 / (rank + 1);
  const draw = (random: () => number) => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return words[low]!;
  };

  return {
    words,
    document(index, characters) {
      const random = seededRandom(seed ^ Math.imul(index + 1, 0x9e3779b1));
      const parts: string[] = [];
      let length = 0;
      let sentence = 0;
      while (length < characters) {
        const word = draw(random);
        // Sentences of about twelve words, so the text reads as prose to the parser.
        const text = sentence === 0 ? word[0]!.toUpperCase() + word.slice(1) : sentence >= 11 ? `${word}.` : word;
        sentence = sentence >= 11 ? 0 : sentence + 1;
        parts.push(text);
        length += text.length + 1;
      }
      const middle = Math.floor(parts.length / 2);
      if (index % RARE_EVERY === 0) parts.splice(middle, 0, RARE_WORD);
      if (index % PHRASE_EVERY === 0) parts.splice(middle, 0, PHRASE);
      if (index % PHRASE_EVERY === PHRASE_EVERY / 2) parts.splice(middle, 0, `${PHRASE.split(' ').reverse().join(' of the ')}`);
      return { name: `Report ${index} ${draw(random)} ${draw(random)}`, body: parts.join(' ') };
    },
  };
}
