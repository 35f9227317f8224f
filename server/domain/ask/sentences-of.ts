const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A heading line of Markdown: a title, never an answer. */
const HEADING = /^#{1,6}\s/;
/** A line that starts something of its own: a list item, or a field ("Email: …"). */
const OWN_LINE = /^(?:[-*•]\s|\d+[.)]\s|[\p{L}][\p{L} ]{0,30}:\s)/u;
/** The end of a sentence, a clause or a field, closing quotes and brackets aside. */
const ENDED = /[.!?:;]["'”’)\]]*$/;

/**
 * The lines of a passage joined where a sentence runs on: a PDF (or any
 * wrapped text) breaks lines in mid-sentence, so a line that did not end
 * one continues on the next, unless that one starts something of its own.
 */
function blocksOf(text: string): string[] {
  const blocks: string[] = [];
  let open = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) {
      open = false;
    } else if (HEADING.test(line)) {
      open = false;
    } else if (open && !OWN_LINE.test(line)) {
      blocks[blocks.length - 1] += ` ${line}`;
      open = !ENDED.test(line);
    } else {
      blocks.push(line);
      open = !ENDED.test(line);
    }
  }
  return blocks;
}

/** The sentences of a passage, in order: headings left out, wrapped lines joined, list items and fields on their own. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const block of blocksOf(text)) {
    for (const { segment } of segmenter.segment(block)) {
      const sentence = segment.replace(/\s+/g, ' ').trim();
      if (sentence) sentences.push(sentence);
    }
  }
  return sentences;
}
