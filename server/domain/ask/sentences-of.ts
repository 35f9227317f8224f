const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A heading line of Markdown: a title, never an answer. */
const HEADING = /^#{1,6}\s/;

/** The sentences of a passage, in order: each line on its own (lists, fields), and each line cut into sentences. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    if (HEADING.test(line.trim())) continue;
    for (const { segment } of segmenter.segment(line)) {
      const sentence = segment.replace(/\s+/g, ' ').trim();
      if (sentence) sentences.push(sentence);
    }
  }
  return sentences;
}
