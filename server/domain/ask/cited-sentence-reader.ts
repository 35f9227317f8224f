/** A sentence a language model wrote, with the passages (by number, from 1) it cites. */
export interface CitedSentence {
  text: string;
  citations: number[];
}

/** What the model is told to say when the passages do not answer the question. */
export const MODEL_NOT_FOUND = 'NOT_FOUND';

/** Citation markers: [2], or several in one: [1, 3]. */
const MARKER = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
/**
 * A finished sentence at the start of the text: up to its closing mark and
 * the citation markers right after it, followed by white space and the next
 * sentence's first character (not a marker still arriving).
 */
const FINISHED = /^([\s\S]*?[.!?…](?:["'’”)\]]*)?(?:\s*\[\d+(?:\s*,\s*\d+)*\])*)\s+(?=[^\s[])/;

/**
 * Reads a model's answer as it streams in, one finished sentence at a time.
 * Only citations of the passages given (1…passageCount) are kept; a sentence
 * left with none is dropped, so nothing the passages do not back is shown.
 */
export function citedSentenceReader(opts: { passageCount: number }) {
  let pending = '';

  const cite = (raw: string): CitedSentence[] => {
    const citations: number[] = [];
    for (const [, numbers] of raw.matchAll(MARKER)) {
      for (const n of numbers!.split(',').map((part) => Number(part.trim()))) {
        if (Number.isInteger(n) && n >= 1 && n <= opts.passageCount && !citations.includes(n)) citations.push(n);
      }
    }
    const text = raw.replace(MARKER, '').replace(/\s+([.!?…,;:])/g, '$1').replace(/\s+/g, ' ').trim();
    if (!text || text === MODEL_NOT_FOUND || citations.length === 0) return [];
    return [{ text, citations }];
  };

  return {
    /** Adds streamed text; returns the sentences it finished. */
    push(chunk: string): CitedSentence[] {
      pending += chunk;
      const finished: CitedSentence[] = [];
      for (let match = FINISHED.exec(pending); match; match = FINISHED.exec(pending)) {
        finished.push(...cite(match[1]!));
        pending = pending.slice(match[0].length);
      }
      return finished;
    },
    /** The last sentence, once the stream has ended. */
    end(): CitedSentence[] {
      const rest = pending;
      pending = '';
      return cite(rest);
    },
  };
}
